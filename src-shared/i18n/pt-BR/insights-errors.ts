import type { Catalog } from '../types/catalog'
import type en from '../en/insights-errors'

export default {
  insightsErrors: {
    timeZone: 'O fuso horário {zone} não é conhecido neste computador. Escolha outro.',
    noAccount: 'Esta conta não está mais aberta, então não é possível ler as estatísticas dela.',
    storyNotFound: 'Este status não está entre as estatísticas da conta: ele pode ser mais antigo que os dias que o Statusdesk guarda.',
    export: {
      title: 'Exportar estatísticas',
      notWritten: 'Não foi possível gravar o arquivo. Escolha outra pasta e tente de novo.',
      agentAway:
        'O agente em {url} não responde, então as contas que rodam nele não podem ser exportadas como estão agora. Nada foi gravado: tente de novo quando o agente responder.',
    },
  },
} satisfies Catalog<typeof en>
