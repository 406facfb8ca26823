import type { Catalog } from '../types/catalog'
import type en from '../en/api-errors'

export default {
  apiErrors: {
    http: {
      invalidRequest: 'O servidor recusou a solicitação por não ser válida.',
      unauthorized:
        'O canal não está autorizado ou o token está errado. Confira o token ou reconecte o canal (escaneie o código QR de novo) no painel do provedor.',
      payment: 'O limite do plano ou do período de teste da conta foi atingido.',
      forbidden: 'O servidor não permite que esta conta faça isso.',
      notFound: 'O servidor não encontrou o que foi pedido.',
      tooLarge: 'A mídia é grande demais para o servidor.',
      unsupportedMedia: 'O servidor não aceita este tipo de mídia.',
      rateLimited: 'O servidor está recebendo solicitações demais desta conta. Aguarde um momento e tente de novo.',
      rateLimitedWait:
        'O servidor está recebendo solicitações demais desta conta e pede para aguardar {seconds} antes da próxima tentativa.',
      server: 'O servidor teve um problema (HTTP {status}). Tente mais tarde.',
      refused: 'O servidor recusou a solicitação (HTTP {status}).',
      redirect:
        'O endereço do servidor responde com um redirecionamento. Confira o endereço (talvez precise de https:// ou de outro caminho).',
    },
    network: {
      unreachable: 'Não foi possível alcançar o servidor. Confira a conexão com a internet e o endereço do servidor.',
      closed:
        'O servidor fechou a conexão antes de responder. Ele pode estar sobrecarregado, ou algo entre este computador e o servidor está derrubando a conexão. Tente mais tarde.',
      lostWhileSending: 'A conexão caiu enquanto o status era enviado. Ele não foi publicado.',
      closedWhileSending: 'O servidor fechou a conexão enquanto o status era enviado. Ele não foi publicado.',
      noAnswer: 'O servidor não respondeu em {seconds}.',
      uploadStalled: 'O envio travou: nada pôde ser enviado durante {seconds}. O status não foi publicado.',
      replyTooLarge: 'A resposta do servidor era muito maior do que o esperado.',
    },
    unknown: {
      noAnswer:
        'O status foi enviado, mas o servidor não respondeu, então o aplicativo não sabe se ele foi publicado. Verifique o status da conta antes de publicá-lo de novo.',
      cancelled:
        'A publicação foi cancelada depois que o status já tinha sido enviado, então ele pode ter sido publicado. Verifique o status da conta antes de publicá-lo de novo.',
      unreadableReply:
        'O servidor aceitou o status, mas a resposta não pôde ser lida, então o aplicativo não consegue confirmar que ele foi publicado. Verifique o status da conta antes de publicá-lo de novo.',
      serverError:
        'O servidor informou um erro (HTTP {status}) depois de receber o status, então ele pode ou não ter sido publicado. Verifique o status da conta antes de publicá-lo de novo.',
    },
    request: {
      badToken: 'O token está vazio ou contém espaços ou caracteres que um token não pode ter.',
      badAddress:
        'O endereço do servidor deve ter a forma https://gate.example.com (https, sem parâmetros nem credenciais; http simples só para este computador).',
      groupsPageSize: 'Uma página tem de 1 a {max} grupos.',
      storiesPageSize: 'Uma página tem de 1 a {max} status.',
      contactsPageSize: 'Uma página tem de 1 a {max} contatos.',
      pageOffset: 'O deslocamento da página deve ser um número inteiro igual ou maior que 0.',
      storyId: 'Esse não é um identificador de status fornecido pelo servidor.',
      contacts: 'Os contatos devem ser números de telefone de 7 a 15 dígitos.',
      invalidStory: 'O status não pode ser enviado como está: parte do conteúdo não é válida.',
      invalidStoryField: 'O status não pode ser enviado como está: o campo {field} não é válido.',
    },
    reply: {
      groupsNotJson: 'A resposta do servidor à solicitação de grupos não era JSON.',
      groupsPage: 'O servidor enviou uma página de grupos que o aplicativo não consegue ler.',
      storiesPage: 'O servidor enviou uma página de status que o aplicativo não consegue ler.',
      contactsPage: 'O servidor enviou uma página de contatos que o aplicativo não consegue ler.',
      story: 'O servidor enviou um status que o aplicativo não consegue ler.',
      views: 'Não foi possível ler a lista de visualizações do servidor.',
      noMediaId: 'A resposta do servidor ao envio da mídia não traz o identificador da mídia.',
      notPublished: 'O servidor respondeu, mas não publicou o status.',
    },
    story: {
      mediaNotFound: 'A mídia não foi encontrada no servidor (o identificador da mídia pode ter expirado).',
      unknown: 'O servidor não conhece este status (ele pode ter expirado).',
      unknownNotCopied: 'O servidor não conhece este status (ele pode ter expirado), por isso ele não foi publicado de novo.',
    },
    media: {
      unreadable: 'Não foi possível ler o arquivo de mídia.',
      changed: 'O arquivo de mídia mudou enquanto era enviado.',
    },
    address: {
      notPublic: 'O endereço não está na internet pública, por isso o Statusdesk não busca nada nele.',
      tooManyRedirects: 'O endereço redirecionou mais de uma vez. | O endereço redirecionou mais de {count} vezes.',
    },
    connect: {
      refusedToken:
        '{host} recusou o token: ou o token está errado, ou o canal não está autorizado (talvez seja preciso escanear o código QR dele de novo no painel do provedor).',
      noAnswer: '{host} não respondeu a tempo. Confira a conexão com a internet e o endereço do servidor.',
      unreachable: 'Não foi possível alcançar {host}. Confira a conexão com a internet e o endereço do servidor.',
      serverProblem: 'O servidor {host} teve um problema (HTTP {status}).',
      serverProblemNoStatus: 'O servidor {host} teve um problema.',
      notGroups:
        '{host} respondeu, mas não é um servidor de API de mensagens do tipo esperado: a resposta não é uma lista de grupos. Confira o endereço do servidor.',
      noGroupsEndpoint:
        '{host} respondeu, mas não é um servidor de API de mensagens do tipo esperado: ele não tem o endpoint de grupos (HTTP 404). Confira o endereço do servidor.',
      redirects:
        '{host} respondeu, mas não é um servidor de API de mensagens do tipo esperado: ele redireciona para outro lugar. Confira o endereço do servidor.',
      refused:
        '{host} respondeu, mas não é um servidor de API de mensagens do tipo esperado: ele recusou a solicitação (HTTP {status}). Confira o endereço do servidor.',
      refusedNoStatus:
        '{host} respondeu, mas não é um servidor de API de mensagens do tipo esperado: ele recusou a solicitação. Confira o endereço do servidor.',
    },
    store: {
      unreadable: 'Não foi possível ler o arquivo (erro {code}).',
      notJson: 'O arquivo não é um JSON válido.',
      notObject: 'O arquivo não contém um objeto JSON.',
      unopenable: 'Não foi possível abrir o arquivo (erro {code}).',
    },
    files: {
      cancelled: 'Cancelado antes de o arquivo ser salvo.',
    },
    body: {
      tooLarge: 'A solicitação é grande demais.',
      notJson: 'O corpo da solicitação não é um JSON válido.',
    },
  },
} satisfies Catalog<typeof en>
