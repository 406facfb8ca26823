import type en from '../en/diagnostics'

export default {
  diagnostics: {
    title: 'التشخيص',
    intro: 'عندما يحدث خطأ ما، يساعد السجل وتقرير التشخيص على معرفة السبب.',
    logFolder: 'مجلد السجلات',
    noLogFolder: 'هذا التشغيل لا يكتب ملف سجل.',
    copyLogFolder: 'نسخ مسار المجلد',
    copy: 'نسخ التشخيص',
    copying: 'جارٍ الجمع…',
    copied: 'نُسخ التشخيص إلى الحافظة.',
    folderCopied: 'نُسخ مسار مجلد السجلات.',
    copyFailed: 'تعذّر نسخ التشخيص: {message}',
    contents: 'الإصدارات والنظام وطريقة حفظ الرموز المميزة والإعدادات واستخدام القرص. لا يتضمن أبدًا رمزًا مميزًا أو رقم هاتف أو محادثة.',
    preview: 'عرض ما سيُنسخ',
    loading: 'جارٍ إعداد التقرير…',
    loadFailed: 'تعذّر إعداد التقرير: {message}',
  },
  updates: {
    title: 'التحديثات',
    intro: 'لا ينزّل Statusdesk التحديثات إلا من عنوان https الذي تدخله هنا، وفقط ما دامت التحديثات مفعّلة.',
    enabled: 'البحث عن التحديثات وتثبيتها عند إغلاق Statusdesk',
    needsFeed: 'أدخل عنوان التحديثات أولًا.',
    feed: 'عنوان التحديثات',
    feedPlaceholder: 'https://updates.example.com/statusdesk/',
    feedHint: 'يعطيك إياه من يوزّع لك Statusdesk. اتركه فارغًا لإبقاء التحديثات متوقفة.',
    save: 'حفظ العنوان',
    saved: 'حُفظ عنوان التحديثات.',
    notHttps: 'أدخل عنوانًا يبدأ بـ https://',
    saveFailed: 'تعذّر حفظ إعداد التحديثات: {message}',
    desktopOnly: 'تنطبق التحديثات على تطبيق سطح المكتب المثبّت.',
  },
} satisfies typeof en
