import type { Catalog } from '../types/catalog'
import type en from '../en/errors'

export default {
  errors: {
    codes: {
      'invalid-argument': 'Algo na solicitação não é válido.',
      'invalid-request': 'O servidor recusou a solicitação por não ser válida.',
      'invalid-response': 'O servidor enviou uma resposta que o aplicativo não consegue ler.',
      unauthorized: 'O servidor não aceitou o token.',
      payment: 'O limite do plano ou do período de teste da conta foi atingido.',
      forbidden: 'O servidor não permite que esta conta faça isso.',
      'not-found': 'O que foi pedido não está mais lá.',
      'too-large': 'É grande demais.',
      'unsupported-media': 'Este tipo de arquivo não é aceito.',
      'rate-limited': 'O servidor está recebendo solicitações demais. Aguarde um momento e tente de novo.',
      server: 'O servidor teve um problema. Tente mais tarde.',
      offline: 'Não foi possível alcançar o servidor.',
      'connection-closed': 'A conexão foi fechada antes de o servidor responder.',
      timeout: 'O servidor não respondeu a tempo.',
      cancelled: 'Cancelado.',
      'unknown-outcome': 'Não se sabe se isso foi concluído. Verifique antes de tentar de novo.',
      conflict: 'Outra ação mudou isso ao mesmo tempo. Tente de novo.',
      'certificate-changed': 'O outro lado apresentou um certificado diferente do fixado: nada foi enviado a ele.',
      storage: 'Um arquivo deste computador não pôde ser lido ou gravado.',
      internal: 'Algo deu errado dentro do aplicativo.',
    },
    bridge: {
      lostContact: 'O contato com o serviço do Statusdesk foi perdido. Reinicie o aplicativo ou recarregue a página.',
      unknownChannel: 'Esta versão do aplicativo não conhece essa solicitação.',
      invalidArgument: 'A solicitação contém um valor inválido ({field}).',
      notFromWindow: 'Esta solicitação não veio da janela do Statusdesk.',
      foreignOrigin: 'Esta solicitação veio de outro site, por isso foi recusada.',
      wrongSecret: 'A sessão desta página terminou. Abra o Statusdesk de novo pelo endereço que ele mostrou.',
      noEndpoint: 'Esta versão do aplicativo não tem essa solicitação.',
      methodNotAllowed: 'Este tipo de solicitação não é permitido aqui.',
    },
    agent: {
      noToken: 'Este agente só responde a dispositivos pareados: pareie este computador com o código que o agente imprime.',
      badToken:
        'Este dispositivo não está pareado com este agente (ou deixou de estar): pareie-o de novo com o código que o agente imprime.',
      wrongCode: 'Esse não é o código de pareamento que o agente imprimiu. Tentativas restantes: {tries}.',
      badRevoke: 'Informe qual dispositivo revogar: o id dele, como a lista de dispositivos mostra.',
      noDevice: 'Nenhum dispositivo com esse id está pareado com este agente.',
      pairingThrottled: 'Códigos errados demais a partir deste endereço: tente de novo em {seconds} s.',
      noCode: 'Esse código de pareamento não vale mais (expirou ou foi tentado vezes demais): digite o novo código que o agente imprimiu.',
      badPairing: 'Um pareamento precisa do código que o agente imprimiu e de um nome para este dispositivo.',
    },
    agentRouting: {
      audienceAway: 'Este público salvo está no agente, que não responde: altere-o quando o agente responder de novo.',
      tooManyWaiting: 'Há alterações demais esperando o agente. Aguarde ele responder e edite de novo.',
      badAnswer: 'O agente deu uma resposta que este computador não consegue ler.',
      awayNoRevision:
        'O agente não está acessível e este computador não tem um estado deste story para editá-lo. Tente de novo quando o agente responder.',
      notOnAgent: 'Uma alteração que esperava o agente foi descartada: a conta não roda mais no agente.',
      editRefused:
        'Uma alteração feita enquanto o agente estava fora ({at}) não foi aplicada: o story mudou ou foi enviado nesse meio-tempo. O estado atual é mostrado.',
      editFailed: 'O agente recusou uma alteração feita enquanto ele estava fora ({at}). O estado atual é mostrado.',
    },
    agentPublish: {
      cancelUnsure: 'Cancelado, mas o agente não respondeu: ele pode ter a história. Confira a Caixa de saída antes de publicá-la de novo.',
      cancelTooLatePlanned:
        'A história para {account} já estava planejada no agente quando você cancelou: ela está na Caixa de saída; cancele-a lá.',
      cancelTooLateSent: 'O agente já tinha publicado a história para {account} quando você cancelou.',
    },
    handover: {
      audiencesToFull:
        'Públicos salvos não movidos para o agente: {count}. A biblioteca do agente está cheia ({max} públicos salvos): eles ficam neste computador.',
      audiencesToFailed: 'Públicos salvos não movidos para o agente: {count}. Não foi possível enviá-los: eles ficam neste computador.',
      audiencesBackFull:
        'Públicos salvos não trazidos de volta do agente: {count}. A biblioteca deste computador está cheia ({max} públicos salvos): eles ficam no agente.',
      audiencesBackFailed:
        'Públicos salvos não trazidos de volta do agente: {count}. Não foi possível trazê-los de volta: eles ficam no agente.',
      busy: 'Um story desta conta está sendo enviado ou editado agora: tente de novo quando terminar.',
      notHeld: 'Esse story não faz parte desta transferência.',
      mediaTooLarge:
        'Um story planejado tem mídia acima de {megabytes} MB, mais do que uma transferência leva: envie-o ou planeje-o de novo com mídia menor e tente outra vez. | {count} stories planejados têm mídia acima de {megabytes} MB, mais do que uma transferência leva: envie-os ou planeje-os de novo com mídia menor e tente outra vez.',
      badItem: 'Um story desta transferência não pôde ser lido: nada dele foi recebido.',
      noAccount: 'O agente não tem essa conta.',
      onAgent: 'Esta conta já roda no agente.',
      notOnAgent: 'Esta conta roda neste computador, não no agente.',
      unfinished: 'Uma transferência desta conta ainda não terminou: ela termina quando o agente responder.',
      demo: 'A conta de demonstração roda dentro deste app: ela não pode ir para um agente.',
      noToken: 'O token desta conta não está disponível neste computador: digite-o de novo e então transfira a conta.',
      insightsTooLarge: 'As estatísticas da conta são maiores do que uma transferência leva: elas ficam neste computador.',
      badInsights: 'Não foi possível ler as estatísticas da conta nesta transferência: nenhuma foi recebida.',
      badAudiences:
        'Não foi possível ler os públicos salvos desta transferência (no máximo {max} públicos de {members} números, cada número com 7 a 15 dígitos): nenhum foi recebido.',
      followedOnly:
        'Este computador acompanha esta conta no agente sem o token dela: as histórias ficam no agente. Para executá-la aqui, conecte-a com o token.',
      teamStories:
        'Há uma história no agente planejada por {people}: se trazida de volta, só sairá enquanto este computador estiver ligado. Traga-a com as suas ou deixe a conta no agente. | Há {count} histórias no agente planejadas por {people}: se trazidas de volta, só sairão enquanto este computador estiver ligado. Traga-as com as suas ou deixe a conta no agente.',
    },
    agentLink: {
      badAddress:
        'Digite o endereço do agente, como {example}, sem caminho: http:// só neste computador, https:// para um agente em outra máquina.',
      unreachable: 'O agente em {url} não respondeu. Ele está em execução?',
      timeout: 'O agente em {url} demorou demais para responder.',
      badAnswer: 'O agente em {url} respondeu de um jeito que o Statusdesk não consegue ler. É um agente do Statusdesk desta versão?',
      notPaired: 'Este computador não está pareado com um agente: pareie-o em Configurações → Agente.',
      noToken:
        'O token do agente deste computador não está disponível (foi guardado só para a sessão anterior, ou o chaveiro não consegue abri-lo): pareie de novo com um código novo.',
      certificateChanged:
        'O agente em {url} apresentou um certificado diferente do fixado no pareamento: nada foi enviado a ele. Se o operador criou um certificado novo, esqueça este agente e pareie de novo; caso contrário, alguém pode estar entre este computador e o agente.',
      notTls: 'Só um agente https:// tem um certificado para ler.',
      noFingerprint: 'Leia o certificado do agente e compare a impressão digital antes de parear por https://.',
      notRevoked:
        'Este computador esqueceu o agente, mas não foi possível avisar o agente em {url}: o token que este computador tinha continua válido lá.',
    },
    dataFolder: {
      inUse:
        'Outra instância do Statusdesk está usando esta pasta de dados (processo {pid} em {host}). Feche-a primeiro ou inicie esta com outra pasta de dados.',
      takenOver:
        'Outra instância do Statusdesk assumiu esta pasta de dados (processo {pid} em {host}) enquanto esta não respondia. Feche esta: o que ela fizer daqui em diante pode se perder.',
    },
    clipboard: 'Não foi possível gravar na área de transferência.',
    more: 'Detalhes',
    serverSaid: 'O servidor disse: {said}',
    recorded: 'Registrado na hora: {detail}',
  },
} satisfies Catalog<typeof en>
