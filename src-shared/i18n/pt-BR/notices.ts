import type { Catalog } from '../types/catalog'
import type en from '../en/notices'

export default {
  notices: {
    setAside: {
      groupsSnapshot: 'Não foi possível ler a lista de grupos salva, e ela foi separada. Ela é lida de novo do servidor.',
      outboxItem:
        'Não foi possível ler um status da caixa de saída, e ele foi separado. Abra Caixa de saída › Arquivos separados para vê-lo, restaurar o que puder ser lido ou descartá-lo.',
      history:
        'Não foi possível ler a lista de status publicados, e ela foi separada. Abra Caixa de saída › Arquivos separados para vê-la, restaurar o que puder ser lido ou descartá-la.',
      composerDraft:
        'Não foi possível ler o rascunho salvo, e ele foi separado. Abra Caixa de saída › Arquivos separados para vê-lo, restaurar o que puder ser lido ou descartá-lo.',
      savedDrafts:
        'Não foi possível ler os rascunhos salvos, e eles foram separados. Abra Caixa de saída › Arquivos separados para vê-los, restaurar o que puder ser lido ou descartá-los.',
      storiesFeed: 'Não foi possível ler a lista de status da conta, e ela foi separada. Ela é lida de novo do servidor.',
      contacts: 'Não foi possível ler os nomes dos contatos, e eles foram separados. Eles são lidos de novo do servidor.',
      audiences:
        'Não foi possível ler os públicos salvos, e eles foram separados. Abra Caixa de saída › Arquivos separados para vê-los, restaurar o que puder ser lido ou descartá-los.',
      styles:
        'Não foi possível ler os estilos salvos, e eles foram separados. Abra Caixa de saída › Arquivos separados para vê-los, restaurar o que puder ser lido ou descartá-los.',
      updateFeeds:
        'Não foi possível ler os endereços de atualizações aceitos, e eles foram separados; a lista começa vazia, então cada endereço de atualizações será perguntado de novo antes de ser usado.',
      postingQueue:
        'Não foi possível ler os horários semanais da fila de publicação, e eles foram separados; a fila começa vazia. Defina os horários de novo em Configurações › Fila de publicação.',
      insightsLive:
        'Não foi possível ler as estatísticas dos status acompanhados, e elas foram separadas. A lista começa vazia, e a contagem continua com os status ainda ativos.',
      insightsArchive:
        'Não foi possível ler as estatísticas salvas dos status expirados da conta, e elas foram separadas. O arquivo começa vazio e volta a ser preenchido à medida que os status expiram.',
      file: 'Não foi possível ler um arquivo do app, e ele foi separado.',
    },
    recoveryReasons: {
      settingsNewer:
        'As configurações foram gravadas por uma versão mais nova do Statusdesk (formato {version}); são usados os valores que esta versão conhece.',
      settingsRejected: 'Estas configurações não foram entendidas e voltaram ao padrão: {fields}.',
      accountsNewer: 'As contas foram gravadas por uma versão mais nova do Statusdesk.',
      accountsDropped: '{count} entrada não pôde ser lida e ficou de fora. | {count} entradas não puderam ser lidas e ficaram de fora.',
    },
    recovery: {
      settingsCopied:
        'Nem todas as configurações salvas puderam ser lidas, então as que não puderam voltaram ao padrão. O arquivo como estava foi guardado como {file} na pasta de dados do app.',
      settingsInMemory:
        'Não foi possível abrir o arquivo de configurações, então as configurações voltaram ao padrão, e as alterações não serão mantidas depois que você fechar o Statusdesk.',
      accountsCopied:
        'Nem todas as contas salvas puderam ser lidas, então as que não puderam ficaram de fora: conecte-as de novo para recuperá-las com os dados delas. O arquivo como estava foi guardado como {file} na pasta de dados do app.',
      accountsInMemory:
        'Não foi possível abrir o arquivo de contas, então nenhuma conta aparece, e as alterações não serão mantidas depois que você fechar o Statusdesk.',
    },
    updates: {
      ready: 'O Statusdesk {version} está pronto e será instalado quando você fechar o app.',
      offFeed: 'A atualização {version} não foi baixada: os arquivos dela não estão no endereço de atualizações ({host}).',
      feedRefused: 'O endereço de atualizações {host} não foi aceito, então não é usado.',
      manualNoPublisher:
        'O Statusdesk {version} está disponível em {host}. Ele não é instalado automaticamente porque esta versão para Windows não informa um editor, então a assinatura do instalador não pode ser verificada: instale-o você mesmo.',
      manualUnsigned:
        'O Statusdesk {version} está disponível em {host}. Ele não é instalado automaticamente porque as atualizações AppImage e deb não trazem uma assinatura que o app possa verificar: instale-o você mesmo.',
    },
  },
} satisfies Catalog<typeof en>
