import type { Catalog } from '../types/catalog'
import type en from '../en/insights-errors'

export default {
  insightsErrors: {
    timeZone: 'Часовой пояс {zone} на этом компьютере неизвестен. Выберите другой.',
    noAccount: 'Этот аккаунт больше не открыт, поэтому его статистику прочитать нельзя.',
    storyNotFound: 'Этой истории нет в статистике аккаунта: возможно, она старше срока, который хранит Statusdesk.',
    export: {
      title: 'Экспорт статистики',
      notWritten: 'Не удалось записать файл. Выберите другую папку и повторите попытку.',
    },
  },
} satisfies Catalog<typeof en>
