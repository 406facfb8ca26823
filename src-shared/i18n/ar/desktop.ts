import type { Catalog } from '../types/catalog'
import type en from '../en/desktop'

export default {
  desktop: {
    tray: {
      open: 'فتح Statusdesk',
      syncNow: 'مزامنة الآن',
      nextStory: 'الحالة التالية: {when} · {snippet}',
      nextStoryNoText: 'الحالة التالية: {when}',
      noStory: 'لا توجد حالة مجدولة',
      quit: 'إنهاء Statusdesk',
      tooltip: 'Statusdesk — {next}',
    },
    quit: {
      message:
        'لا توجد حالات مجدولة. هل تريد الإنهاء رغم ذلك؟ | هناك حالة مجدولة. هل تريد الإنهاء رغم ذلك؟ | هناك حالتان مجدولتان. هل تريد الإنهاء رغم ذلك؟ | هناك {count} حالات مجدولة. هل تريد الإنهاء رغم ذلك؟ | هناك {count} حالة مجدولة. هل تريد الإنهاء رغم ذلك؟ | هناك {count} حالة مجدولة. هل تريد الإنهاء رغم ذلك؟',
      detail:
        'لا تُرسل الحالات المجدولة إلا أثناء تشغيل Statusdesk. إن لم يكن يعمل في موعدها فلن تُرسل متأخرة، بل سيسألك التطبيق عنها عند تشغيله مجددًا.',
      keepRunning: 'متابعة التشغيل',
      quit: 'إنهاء',
    },
    menu: {
      file: 'ملف',
      edit: 'تحرير',
      view: 'عرض',
      window: 'نافذة',
      speech: 'الكلام',
      about: 'حول Statusdesk',
      services: 'الخدمات',
      hide: 'إخفاء Statusdesk',
      hideOthers: 'إخفاء الآخرين',
      showAll: 'إظهار الكل',
      quitApp: 'إنهاء Statusdesk',
      quit: 'إنهاء',
      exit: 'خروج',
      close: 'إغلاق',
      newWindow: 'نافذة جديدة',
      closeWindow: 'إغلاق النافذة',
      undo: 'تراجع',
      redo: 'إعادة',
      cut: 'قص',
      copy: 'نسخ',
      paste: 'لصق',
      pasteAndMatchStyle: 'لصق ومطابقة النمط',
      delete: 'حذف',
      selectAll: 'تحديد الكل',
      startSpeaking: 'بدء التحدث',
      stopSpeaking: 'إيقاف التحدث',
      forceReload: 'فرض إعادة التحميل',
      toggleDevTools: 'إظهار أدوات المطوّر أو إخفاؤها',
      actualSize: 'الحجم الفعلي',
      zoomIn: 'تكبير',
      zoomOut: 'تصغير',
      toggleFullScreen: 'تبديل ملء الشاشة',
      minimize: 'تصغير النافذة',
      zoom: 'تكبير النافذة',
      bringAllToFront: 'إحضار الكل إلى الأمام',
    },
    notifications: {
      published: {
        title: 'نُشرت الحالة',
        titleOnAccount: 'نُشرت الحالة على {account}',
        body: 'حالتك المجدولة أو المنتظرة منشورة الآن.',
        bodyWithCaption: '«{caption}»: حالتك المجدولة أو المنتظرة منشورة الآن.',
      },
      failed: {
        title: 'لم تُنشر الحالة',
        titleOnAccount: 'لم تُنشر الحالة على {account}',
        body: 'رفضها الخادم. افتح صندوق الصادر لإرسالها مجددًا أو تجاهلها.',
        bodyWithCaption: '«{caption}»: رفضها الخادم. افتح صندوق الصادر لإرسالها مجددًا أو تجاهلها.',
      },
      unknown: {
        title: 'نتيجة الحالة غير معروفة',
        titleOnAccount: 'نتيجة الحالة على {account} غير معروفة',
        body: 'لم يصل رد: تحقّق من الحساب ثم قرّر في صندوق الصادر.',
        bodyWithCaption: '«{caption}»: لم يصل رد. تحقّق من الحساب ثم قرّر في صندوق الصادر.',
      },
      missed: {
        title: 'فات حالةً مخطّطة موعدُها',
        titleOnAccount: 'فات حالةً مخطّطة على {account} موعدُها',
        body: 'لم تُرسل متأخرة. افتح صندوق الصادر لإرسالها الآن أو إعادة جدولتها أو إلغائها.',
        bodyWithCaption: '«{caption}» لم تُرسل متأخرة. افتح صندوق الصادر لإرسالها الآن أو إعادة جدولتها أو إلغائها.',
      },
    },
    updateFeed: {
      title: 'عنوان التحديثات',
      message: 'هل تريد تنزيل تحديثات Statusdesk من {host}؟',
      detail: 'تطلب الإعدادات جلب التحديثات من {address}. التحديثات برامج سيشغّلها هذا الحاسوب: لا تقبل إلا عنوانًا تثق به.',
      keep: 'الإبقاء على العنوان الحالي',
      use: 'استخدام هذا العنوان',
    },
    openDialog: {
      media: 'اختر صورة أو فيديو أو ملفًا صوتيًا',
      mediaFiles: 'الصور والفيديو والصوت',
      allFiles: 'كل الملفات',
    },
    saveDialog: {
      groups: 'تصدير المجموعات',
      participants: 'تصدير المشاركين',
      viewers: 'تصدير مشاهدي الحالة',
      csvFiles: 'ملفات CSV',
    },
    web: {
      ready: {
        running: 'يعمل Statusdesk (وضع الويب). عنوانه مع سرّ هذا التشغيل:',
        dataFolder: 'مجلد البيانات: {folder}',
        stop: 'اضغط {keys} للإيقاف.',
      },
      openFailed: {
        missing: 'تعذّر فتح أي متصفح (لم يُعثر على {command}): افتح {url} في متصفحك.',
        failed: 'تعذّر فتح أي متصفح باستخدام {command}: افتح {url} في متصفحك.',
      },
      usage: {
        badPort: 'يجب أن تكون قيمة {option} رقم منفذ من 1 إلى 65535 (أو 0 لأي منفذ متاح)، لا «{value}».',
        badNpmPort: 'يجب أن يكون المنفذ المُمرَّر إلى {tool} ({option}) رقمًا من 1 إلى 65535 (أو 0 لأي منفذ متاح)، لا «{value}».',
        unexpectedArgument: 'وسيط غير متوقع «{argument}». يقبل وضع الويب: {options}.',
        unknownOption: 'خيار غير معروف {option}. يقبل وضع الويب: {options}.',
        missingValue: 'يحتاج الخيار {option} إلى قيمة بعده.',
        noValue: 'الخيار {option} لا يقبل قيمة: اكتبه وحده.',
        unreadable: 'تعذّرت قراءة الخيارات. يقبل وضع الويب: {options}.',
        portInUse: 'المنفذ {port} يستخدمه برنامج آخر: أوقفه، أو اختر منفذًا آخر باستخدام {option}.',
        portNeedsRights: 'يحتاج المنفذ {port} إلى صلاحيات خاصة على هذا النظام: اختر منفذًا أعلى من 1023 باستخدام {option}.',
      },
      launch: {
        title: 'جارٍ فتح Statusdesk',
        body: 'جارٍ فتح Statusdesk… إن لم يحدث شيء، فاستخدم الرابط أدناه.',
        link: 'المتابعة إلى Statusdesk',
      },
    },
    agent: {
      ready: {
        running: 'وكيل Statusdesk جاهز على {url}.',
        dataFolder: 'مجلد البيانات: {folder}',
        database: 'قاعدة البيانات: {database}',
      },
      pairing: {
        code: 'لإقران جهاز كمبيوتر بهذا الوكيل، أدخِل فيه هذا الرمز: {code}. يصلح حتى {expiresAt}، لعدد {tries} من المحاولات.',
      },
      tls: {
        unreadable: 'تعذّرت قراءة الشهادة أو مفتاحها ({file})، أو أن المفتاح ليس مفتاح الشهادة.',
        fingerprint: 'بصمة شهادة الوكيل هي {fingerprint}. يعرضها الكمبيوتر الذي يقترن عبر الشبكة: تأكد من تطابقهما.',
      },
      database: {
        unreachable: 'تعذّر الوصول إلى قاعدة البيانات ({database}): ستُعاد المحاولة بعد {seconds}.',
      },
      key: {
        missing:
          'يحتاج الوكيل إلى مفتاح المشغّل ليحفظ رموز المزوّدين مشفّرة: اضبط {variable} (أو {fileVariable}، ملفًا يحويه) على ٣٢ بايتًا عشوائيًا بترميز {encoding}، كما يطبعها {command}.',
        both: 'اضبط {variable} أو {fileVariable}، لا كليهما.',
        invalid: 'يجب أن يحوي {variable} ‏٣٢ بايتًا مكتوبة بترميز {encoding} (كما يطبعها {command})، وهو لا يحوي ذلك.',
        unreadable: 'تعذّرت قراءة ملف المفتاح {file}.',
      },
      usage: {
        unknownOption: 'خيار غير معروف {option}. يقبل الوكيل: {options}.',
        unexpectedArgument: 'وسيط غير متوقع «{argument}». يقبل الوكيل: {options}.',
        missingValue: 'يحتاج الخيار {option} إلى قيمة بعده.',
        noValue: 'لا يأخذ الخيار {option} قيمة: اكتبه وحده.',
        unreadable: 'تعذّرت قراءة الخيارات. يقبل الوكيل: {options}.',
        badListen: 'يجب أن تكون قيمة {option} بالشكل {form} برقم منفذ من ١ إلى ٦٥٥٣٥ (أو ٠ لأي منفذ متاح)، لا «{value}».',
        notLoopback:
          'من دون تشفير لا يستمع الوكيل إلا على هذا الجهاز ({hosts}): على {host} ستعبر رموز الأجهزة الشبكة دون تشفير. أضف {own} (ينشئ الوكيل شهادته) أو {cert} و{key} (شهادتك).',
        tlsPair: 'اذكر {cert} و{key} معًا لشهادتك، أو {own} وحده لشهادة ينشئها الوكيل.',
        portInUse: 'المنفذ {port} على {host} يستخدمه برنامج آخر: أوقفه، أو اختر منفذًا آخر باستخدام {option}.',
        portNeedsRights: 'يحتاج المنفذ {port} إلى صلاحيات خاصة على هذا النظام: اختر منفذًا أعلى من 1023 باستخدام {option}.',
      },
    },
  },
} satisfies Catalog<typeof en>
