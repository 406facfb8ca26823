import type { Catalog } from '../types/catalog'
import type en from '../en/story-errors'

export default {
  storyErrors: {
    issues: {
      textEmpty: 'Um status de texto precisa de algum texto.',
      textTooLong: 'O texto é longo demais: {length} caracteres, no máximo {max}.',
      captionTooLong: 'A legenda é longa demais: {length} caracteres, no máximo {max}.',
      backgroundInvalid: 'A cor de fundo “{value}” não é uma cor escrita no formato #AARRGGBB.',
      colorInvalid: 'A cor do texto “{value}” não é uma cor escrita no formato #AARRGGBB.',
      backgroundTransparent: 'O fundo está totalmente transparente; escolha uma cor visível.',
      contrastLow: 'O texto fica difícil de ler neste fundo (contraste de {ratio}:1).',
      mediaMissing: 'Escolha uma imagem, um vídeo ou um arquivo de áudio.',
      mediaGone: 'O arquivo escolhido não está mais disponível; escolha-o de novo.',
      previewInvalid: 'A imagem de prévia não é um JPEG pequeno. Escolha o arquivo de novo.',
      contactsEmpty: 'Escolha pelo menos um contato, ou publique para todos.',
      contactInvalid:
        'Entre os contatos, “{value}” não é um número de telefone de 7 a 15 dígitos (com o código do país na frente). | Entre os contatos, “{value}” e mais {count} entrada não são números de telefone de 7 a 15 dígitos (com o código do país na frente). | Entre os contatos, “{value}” e mais {count} entradas não são números de telefone de 7 a 15 dígitos (com o código do país na frente).',
      excludedInvalid:
        'Entre os contatos excluídos, “{value}” não é um número de telefone de 7 a 15 dígitos (com o código do país na frente). | Entre os contatos excluídos, “{value}” e mais {count} entrada não são números de telefone de 7 a 15 dígitos (com o código do país na frente). | Entre os contatos excluídos, “{value}” e mais {count} entradas não são números de telefone de 7 a 15 dígitos (com o código do país na frente).',
      tooManyContacts: 'É possível escolher no máximo {max} contatos.',
      tooManyExcluded: 'É possível excluir no máximo {max} contatos.',
    },
    publish: {
      notAccepted: 'O status não foi enviado: uma parte dele não está num formato que o servidor aceita. Confira o status e tente de novo.',
      failed: 'Algo deu errado ao publicar nesta conta.',
      noAccount: 'Conecte uma conta primeiro (Contas) e depois publique.',
      accountGone: 'Essa conta não está mais na lista.',
      cancelled: 'Cancelado antes de ser enviado.',
      repostNotFound: 'Esse status não está entre os status da conta: sincronize a tela Status primeiro.',
      noFileDialog: 'Aqui não há janela de escolha de arquivos: escolha o arquivo na página.',
      noViewers: 'Ainda não foi lido quem viu este status.',
    },
    outbox: {
      waiting: 'O status está esperando na caixa de saída.',
      offline: 'Não há conexão agora. O status espera na caixa de saída e sai sozinho quando a conexão voltar.',
      behindEarlier: 'O status espera na caixa de saída atrás de status anteriores e sai depois deles.',
      unknownAfterStop:
        'O app foi fechado enquanto este status era enviado, então não dá para saber se ele foi publicado. Confira a situação da conta e depois marque-o como enviado, envie-o de novo ou descarte-o.',
      unknownAfterRestore:
        'Restaurado de um arquivo danificado: ele pode ter sido publicado ou não. Confira a conta e depois envie-o de novo, marque-o como enviado ou descarte-o.',
      unknownAfterFailure:
        'Algo deu errado enquanto o status era enviado, então o app não consegue saber se ele foi publicado. Confira a situação da conta antes de publicá-lo de novo.',
      itemGone: 'Esse status não está mais na caixa de saída.',
      beingSent: 'Esse status está sendo enviado agora. Aguarde o resultado.',
      unknownNotListed:
        'O servidor não listava este status quando foi verificado ({at}), então ele pode não ter sido publicado. Confira a conta e depois envie de novo, marque como enviado ou descarte.',
      slotTaken: 'Já existe outro status planejado para esse horário na fila de publicação desta conta. Escolha outro horário.',
      requestTaken: 'Este status já está na caixa de saída.',
      changedMeanwhile:
        'Esse status mudou nesse meio-tempo: foi editado, enviado ou descartado em outro lugar. Confira de novo antes de alterá-lo.',
      sendNowOnly:
        'Daqui só é possível enviar um status pendente, agendado ou que falhou; se não se sabe o que aconteceu com ele, escolha “Enviar de novo”.',
      sendAgainOnly: 'Só é possível enviar de novo um status que falhou ou cujo resultado é desconhecido.',
      markSentOnly: 'Só é possível marcar como enviado um status cujo resultado é desconhecido.',
      mediaNotReady: 'Não foi possível preparar a mídia da história para envio. Nada foi publicado; o app tentará de novo.',
      unreadable: 'Não foi possível ler a caixa de saída do disco.',
      notWritten: {
        readOnly:
          'O status não foi enviado: não foi possível gravá-lo na caixa de saída porque a pasta de dados do app é somente leitura. Nada saiu deste computador, e o status continua no editor.',
        full: 'O status não foi enviado: não foi possível gravá-lo na caixa de saída porque o disco está cheio. Nada saiu deste computador, e o status continua no editor.',
        refused:
          'O status não foi enviado: não foi possível gravá-lo na caixa de saída porque o disco recusou a gravação ({errno}). Nada saiu deste computador, e o status continua no editor.',
      },
    },
    schedule: {
      timePassed: 'Esse horário já passou. Escolha um horário no futuro.',
      notPlanned: 'Só é possível alterar um status que ainda está agendado.',
      pickNewTime: 'O horário dele já passou: escolha um novo horário.',
      repostNoDuplicate: 'Um status republicado não pode ser duplicado.',
      repostNoCaption: 'Um status republicado não tem legenda para editar.',
      captionInvalid: 'A legenda não pode ser usada como está. Altere-a e tente de novo.',
    },
    setAside: {
      cannotOpen: 'Nada neste arquivo pode ser recuperado: ele não pode ser aberto. Você pode descartá-lo.',
      notReadable: 'Nada neste arquivo pode ser recuperado: ele está danificado ou não foi gravado pelo app. Você pode descartá-lo.',
      nothingComplete: 'Nada neste arquivo está completo o bastante para ser restaurado. Você pode descartá-lo.',
      gone: 'Esse arquivo separado não existe mais.',
      cacheOnly: 'Isto é lido de novo do servidor; só pode ser descartado.',
      draftInComposer: 'Há um rascunho sendo escrito no editor. Publique-o ou limpe-o primeiro e depois restaure este.',
      sameId: 'Já existe na caixa de saída um status com o mesmo identificador.',
    },
    notices: {
      outboxUnreadable: 'Não foi possível ler a caixa de saída. Não dá para pôr status na fila até o app ser reiniciado.',
      missed:
        'O horário de um status agendado em “{account}” passou antes que ele pudesse ser enviado. Ele não foi enviado atrasado: abra a caixa de saída para enviá-lo agora, reagendá-lo ou cancelá-lo. | Os horários de {count} status agendados em “{account}” passaram antes que eles pudessem ser enviados. Eles não foram enviados atrasados: abra a caixa de saída para decidir o que fazer com cada um.',
    },
  },
} satisfies Catalog<typeof en>
