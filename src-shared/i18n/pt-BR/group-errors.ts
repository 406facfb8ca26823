import type { Catalog } from '../types/catalog'
import type en from '../en/group-errors'

export default {
  groupErrors: {
    groupGone: 'Esse grupo não está mais na lista (a última sincronização não o encontrou).',
    noAccount: 'Conecte uma conta primeiro: ainda não há grupos para mostrar.',
    notOnScreen: 'Abra esta conta primeiro (escolha-a no seletor de contas): os grupos dela só são lidos enquanto uma janela a mostra.',
    cache: {
      notOpened: 'Não foi possível abrir o cache de grupos.',
      notRead: 'Não foi possível ler do disco o cache de grupos.',
      notSaved:
        'Não foi possível salvar os grupos no cache em disco (o disco está cheio ou a pasta de dados é somente leitura?). O cache anterior foi mantido.',
      writeEnded: 'Não foi possível salvar os grupos no cache: o arquivo dele já tinha sido fechado. O cache anterior foi mantido.',
      recordDamaged: 'O registro salvo deste grupo está danificado no disco. A próxima sincronização vai buscá-lo de novo.',
      recordUnreadable: 'O servidor enviou este grupo em um formato que o aplicativo não consegue exibir.',
      setAside: {
        damaged:
          'A lista de grupos salva estava danificada, então foi deixada de lado. O Statusdesk está baixando os grupos de novo do servidor.',
        newerVersion:
          'A lista de grupos salva foi gravada por uma versão mais nova do Statusdesk, então foi deixada de lado. O Statusdesk está baixando os grupos de novo.',
        olderFormat:
          'A lista de grupos salva está em um formato antigo que esta versão não lê mais, então foi deixada de lado. O Statusdesk está baixando os grupos de novo.',
        otherAccount:
          'A lista de grupos salva pertence a outra conta, então foi deixada de lado. O Statusdesk está baixando de novo os grupos desta conta.',
      },
    },
    sync: {
      cancelled: 'A sincronização foi cancelada.',
      internal: 'A sincronização falhou dentro do Statusdesk. Os detalhes estão no registro.',
      kept: 'Os grupos exibidos são da última sincronização completa.',
      keptChanging:
        'Os grupos da conta continuaram mudando enquanto eram lidos, então não foi possível obter uma lista completa. Tente de novo em instantes.',
      endlessPaging: 'O servidor continuou enviando páginas de grupos além do fim da lista, então a sincronização foi interrompida.',
      unreadablePage:
        'O servidor enviou uma página de grupos (a partir do grupo {first}) que o aplicativo não consegue ler. Tente sincronizar de novo em alguns minutos.',
      pageReaderStopped:
        'Não foi possível ler uma página de grupos porque o leitor de páginas do aplicativo parou. Tente sincronizar de novo.',
    },
    participants: {
      cacheNotRead: 'Não foi possível listar as pessoas dos seus grupos: o cache de grupos não pôde ser lido.',
      syncedMeanwhile: 'Os grupos acabaram de ser sincronizados de novo. Pesquise novamente.',
      notReadBack:
        'Não foi possível listar as pessoas dos seus grupos: a lista recém-criada não pôde ser lida de volta. Pesquise novamente para tentar de novo.',
      stillListing:
        'O Statusdesk ainda está listando as pessoas do seu {count} grupo. Pesquise novamente em instantes. | O Statusdesk ainda está listando as pessoas dos seus {count} grupos. Pesquise novamente em instantes.',
      notBuilt:
        'Não foi possível listar as pessoas dos seus grupos. Pesquise novamente para tentar de novo; a próxima sincronização também refaz a lista.',
      cancelled: 'A lista de pessoas não foi criada.',
    },
    export: {
      notWritten: 'Não foi possível gravar o arquivo. Escolha outra pasta e tente de novo.',
    },
  },
} satisfies Catalog<typeof en>
