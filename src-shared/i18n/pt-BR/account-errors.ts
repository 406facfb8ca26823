import type { Catalog } from '../types/catalog'
import type en from '../en/account-errors'

export default {
  accountErrors: {
    list: {
      notFound: 'Essa conta não está mais na lista.',
      notSaved: 'Não foi possível salvar as contas no disco. Verifique se a pasta de dados do app permite gravação e tem espaço livre.',
      dataNotRemoved:
        'A conta foi desconectada, mas os dados em cache dela não puderam ser apagados. Feche outros programas que usem a pasta de dados do app e tente de novo.',
    },
    connect: {
      otherChannel:
        'Este token pertence a outro canal ({channel}), não ao de “{label}” ({knownChannel}). Adicione-o como uma conta nova, para que os grupos e os status dos dois canais continuem separados.',
    },
    storage: {
      keyringAvailable: 'O chaveiro do sistema está disponível, então o token é guardado criptografado por ele (ou só nesta sessão).',
      choiceNeeded:
        'Este sistema não oferece um chaveiro para criptografar o token. Escolha guardá-lo só nesta sessão ou salvá-lo com proteção fraca.',
      encryptFailed:
        'O chaveiro do sistema não conseguiu criptografar o token. Escolha guardá-lo só nesta sessão ou salvá-lo com proteção fraca.',
      decryptFailed:
        'O chaveiro do sistema não conseguiu descriptografar o token desta conta (o chaveiro pode ter sido redefinido ou estar bloqueado). Digite o token de novo.',
      unknownFormat: 'O token desta conta está salvo em um formato que esta versão não consegue ler. Digite o token de novo.',
    },
    tokenNeeded: {
      named:
        'O token de “{label}” não está disponível nesta sessão. Digite-o de novo para sincronizar ou publicar; enquanto isso, os grupos em cache e o histórico continuam disponíveis para consulta.',
      unnamed:
        'O token desta conta não está disponível nesta sessão. Digite-o de novo para sincronizar ou publicar; enquanto isso, os grupos em cache e o histórico continuam disponíveis para consulta.',
    },
    demo: {
      notStarted: 'Não foi possível iniciar a demonstração neste computador.',
    },
    workspace: {
      closed: 'Essa conta não está mais aberta.',
      setAsideGone: 'Esse arquivo separado não está mais lá.',
    },
    settings: {
      invalidValue: 'Não é possível salvar essa configuração: o valor informado para {field} não é permitido.',
      feedNotHttps: 'O endereço de atualizações precisa ser um endereço https://, sem nome de usuário nem senha.',
      notSaved:
        'Não foi possível salvar as configurações no disco. Verifique se a pasta de dados do app permite gravação e tem espaço livre.',
    },
  },
} satisfies Catalog<typeof en>
