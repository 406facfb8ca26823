import type { Catalog } from '../types/catalog'
import type en from '../en/errors'

export default {
  errors: {
    codes: {
      'invalid-argument': 'في الطلب شيء غير صالح.',
      'invalid-request': 'رفض الخادم الطلب لأنه غير صالح.',
      'invalid-response': 'أرسل الخادم ردًا لا يستطيع التطبيق قراءته.',
      unauthorized: 'لم يقبل الخادم الرمز المميز.',
      payment: 'بلغ الحساب حد خطته أو فترته التجريبية.',
      forbidden: 'لا يسمح الخادم لهذا الحساب بذلك.',
      'not-found': 'ما طُلب لم يعد موجودًا.',
      'too-large': 'الحجم كبير جدًا.',
      'unsupported-media': 'هذا النوع من الملفات غير مقبول.',
      'rate-limited': 'يتلقى الخادم طلبات كثيرة جدًا. انتظر قليلًا ثم أعد المحاولة.',
      server: 'حدثت مشكلة في الخادم. أعد المحاولة لاحقًا.',
      offline: 'تعذّر الوصول إلى الخادم.',
      'connection-closed': 'انقطع الاتصال قبل أن يرد الخادم.',
      timeout: 'لم يرد الخادم في الوقت المحدد.',
      cancelled: 'أُلغي.',
      'unknown-outcome': 'لا يُعرف هل تمّ ذلك أم لا. تحقّق قبل إعادة المحاولة.',
      conflict: 'غيّر إجراء آخر هذا في الوقت نفسه. أعد المحاولة.',
      storage: 'تعذّرت قراءة ملف على هذا الحاسوب أو الكتابة فيه.',
      internal: 'حدث خطأ داخل التطبيق.',
    },
    bridge: {
      lostContact: 'انقطع الاتصال بخدمة Statusdesk. أعد تشغيل التطبيق أو أعد تحميل الصفحة.',
      unknownChannel: 'لا يعرف هذا الإصدار من التطبيق ذلك الطلب.',
      invalidArgument: 'يحتوي الطلب على قيمة غير صالحة ({field}).',
      notFromWindow: 'لم يأتِ هذا الطلب من نافذة Statusdesk.',
      foreignOrigin: 'جاء هذا الطلب من موقع آخر، لذا رُفض.',
      wrongSecret: 'انتهت جلسة هذه الصفحة. افتح Statusdesk مجددًا من العنوان الذي عرضه.',
      noEndpoint: 'لا يحتوي هذا الإصدار من التطبيق على هذا الطلب.',
      methodNotAllowed: 'هذا النوع من الطلبات غير مسموح به هنا.',
    },
    dataFolder: {
      inUse: 'يستخدم Statusdesk آخر مجلد البيانات هذا (العملية {pid} على {host}). أغلقه أولًا، أو شغّل هذا بمجلد بيانات آخر.',
    },
    clipboard: 'تعذّرت الكتابة في الحافظة.',
    more: 'التفاصيل',
    serverSaid: 'قال الخادم: {said}',
    recorded: 'المسجَّل في حينه: {detail}',
  },
} satisfies Catalog<typeof en>
