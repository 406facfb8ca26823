import type en from '../en/web'

export default {
  webSession: {
    title: 'افتح Statusdesk من العنوان المطبوع في الطرفية',
    body: 'هذا العنوان لا يحمل الرابط السري لنسخة Statusdesk العاملة، لذلك لم يُسمح له بالدخول. الإشارات المرجعية وعلامات التبويب من تشغيل سابق لا تحمله عن قصد. انتقل إلى الطرفية التي شغّلت فيها npm run start:web وافتح العنوان الكامل المطبوع هناك (ينتهي بـ ‎#secret=…‎).',
    reload: 'إعادة التحميل',
  },
} satisfies typeof en
