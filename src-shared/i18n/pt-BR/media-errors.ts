import type { Catalog } from '../types/catalog'
import type en from '../en/media-errors'

export default {
  mediaErrors: {
    file: {
      unopenable: 'Não foi possível abrir o arquivo “{file}”. Verifique se ele ainda existe e pode ser lido.',
      incomplete: 'Não foi possível ler o arquivo “{file}” por inteiro. Escolha-o de novo.',
      tooLarge: 'O arquivo passa de {limit}, o máximo que um status comporta.',
      notReceived: 'Não foi possível receber o arquivo. Envie-o de novo.',
    },
    check: {
      imageTooLarge:
        'Imagens podem ter no máximo {limit}; esta tem {size}. Escolha um arquivo menor ou aumente o limite nas Configurações.',
      videoTooLarge: 'Vídeos podem ter no máximo {limit}; este tem {size}. Escolha um arquivo menor ou aumente o limite nas Configurações.',
      audioTooLarge:
        'Arquivos de áudio podem ter no máximo {limit}; este tem {size}. Escolha um arquivo menor ou aumente o limite nas Configurações.',
      videoTooLong:
        'Vídeos podem durar no máximo {count} segundo; este dura {seconds}. Corte-o ou aumente o limite nas Configurações. | Vídeos podem durar no máximo {count} segundos; este dura {seconds}. Corte-o ou aumente o limite nas Configurações.',
      unusable: 'Esta mídia não pode ser usada em um status.',
    },
    probe: {
      unrecognised:
        'O arquivo não é uma imagem, um vídeo nem um som que o aplicativo reconheça. Um status pode levar uma imagem ({images}), um vídeo ({videos}) ou um áudio ({audio}).',
      wrongType:
        'Este arquivo é {format} ({type}), um tipo que os status não aceitam. Um status pode levar uma imagem ({images}), um vídeo ({videos}) ou um áudio ({audio}).',
      imageDamaged: 'Não foi possível ler a imagem: ela pode estar danificada.',
      videoDamaged: 'Não foi possível ler a duração do vídeo: o arquivo pode estar danificado.',
      audioDamaged: 'Não foi possível ler o áudio: o arquivo pode estar danificado.',
    },
    url: {
      notAnAddress: 'Isso não é um endereço da web. Ele deve começar com {prefix}',
      notHttp: 'Só endereços que começam com {http} ou {https} podem ser usados para mídia.',
      credentials: 'O endereço não pode conter nome de usuário nem senha.',
      brokenEscape: 'O endereço tem um “%” que não é seguido de dois dígitos hexadecimais. Verifique o endereço.',
      unreachable: 'Não foi possível acessar {host}. Verifique o endereço e a conexão com a internet.',
      refused: 'O endereço respondeu com o status {status}; não foi possível baixar mídia dele.',
    },
    csv: {
      unreadable: 'Este arquivo não pode ser lido como CSV.',
      unreadableAt: 'Este arquivo não pode ser lido como CSV: o problema está na linha {line}.',
      noRows: 'Este arquivo não tem linhas.',
      noColumn: 'Este arquivo não tem a coluna {column}.',
      tooManyNumbers:
        'Um público comporta no máximo {count} número; esta coluna tem {found}. | Um público comporta no máximo {count} números; esta coluna tem {found}.',
    },
    library: {
      noNumbers: 'Nenhum destes é um número de telefone (de 7 a 15 dígitos), então não há nada para salvar.',
      audienceGone: 'Esse público não está mais salvo.',
      tooManyAudiences:
        'É possível salvar no máximo {count} público. Exclua um antes. | É possível salvar no máximo {count} públicos. Exclua um antes.',
      tooManyStyles:
        'É possível salvar no máximo {count} estilo. Exclua um antes. | É possível salvar no máximo {count} estilos. Exclua um antes.',
    },
    drafts: {
      noAccount: 'Conecte uma conta primeiro (Contas) e depois salve rascunhos.',
      accountClosed: 'A conta deste rascunho não está mais aberta, então o rascunho não foi salvo.',
      draftGone: 'Esse rascunho não está mais salvo.',
      tooMany:
        'É possível guardar no máximo {count} rascunho. Exclua um antes. | É possível guardar no máximo {count} rascunhos. Exclua um antes.',
    },
    feed: {
      noAccount: 'Conecte uma conta primeiro (Contas) para ver os status dela.',
      unreadable: 'Não foi possível ler os status.',
      storiesCancelled: 'A sincronização dos status foi cancelada.',
      contactsCancelled: 'A leitura dos contatos foi cancelada.',
    },
    clipboard: {
      webMode: 'No navegador, a página copia usando a área de transferência do próprio navegador.',
    },
  },
} satisfies Catalog<typeof en>
