import type { Catalog } from '../types/catalog'
import type en from '../en/insights-errors'

export default {
  insightsErrors: {
    timeZone: 'المنطقة الزمنية {zone} غير معروفة على هذا الحاسوب. اختر منطقة أخرى.',
    noAccount: 'لم يعد هذا الحساب مفتوحًا، لذا تتعذّر قراءة إحصاءاته.',
    storyNotFound: 'هذه الحالة ليست ضمن إحصاءات الحساب: ربما تكون أقدم من الأيام التي يحتفظ بها Statusdesk.',
    export: {
      title: 'تصدير الإحصاءات',
      notWritten: 'تعذّرت كتابة الملف. اختر مجلدًا آخر وحاول مرة أخرى.',
      agentAway:
        'لا يُجيب الوكيل على {url}، لذا لا يمكن تصدير الحسابات التي تعمل عليه كما هي الآن. لم يُكتب شيء: حاول مرة أخرى عندما يُجيب الوكيل.',
    },
  },
} satisfies Catalog<typeof en>
