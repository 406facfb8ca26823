import type en from '../en/app'

export default {
  app: {
    name: 'Statusdesk',
    tagline: 'المجموعات والحالات لحساب المراسلة الخاص بك',
  },
  about: {
    open: 'حول Statusdesk',
    version: 'الإصدار',
    platform: 'النظام',
    transport: 'الاتصال بخدمة التطبيق',
    transports: { ipc: 'سطح المكتب (IPC)', web: 'وضع الويب (HTTP محلي)', agent: 'الوكيل (جهاز مقترن عبر HTTP)' },
    runtime: 'بيئة التشغيل',
    close: 'إغلاق',
    loading: 'جارٍ التحميل…',
    failed: 'تعذّرت قراءة معلومات التطبيق: {message}',
    retry: 'إعادة المحاولة',
  },
} satisfies typeof en
