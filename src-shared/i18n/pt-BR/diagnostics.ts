import type en from '../en/diagnostics'

export default {
  diagnostics: {
    title: 'Diagnóstico',
    intro: 'Quando algo dá errado, o log e um relatório de diagnóstico ajudam a descobrir o motivo.',
    logFolder: 'Pasta de logs',
    noLogFolder: 'Esta execução não grava arquivo de log.',
    copyLogFolder: 'Copiar o caminho da pasta',
    copy: 'Copiar diagnóstico',
    copying: 'Coletando…',
    copied: 'Diagnóstico copiado para a área de transferência.',
    folderCopied: 'Caminho da pasta de logs copiado.',
    copyFailed: 'Não foi possível copiar o diagnóstico: {message}',
    contents:
      'Versões, sistema, como os tokens são guardados, configurações e uso do disco. Nunca um token, um número de telefone ou uma conversa.',
    preview: 'Mostrar o que é copiado',
    loading: 'Montando o relatório…',
    loadFailed: 'Não foi possível gerar o relatório: {message}',
  },
  updates: {
    title: 'Atualizações',
    intro: 'O Statusdesk baixa atualizações só do endereço https informado aqui, e só enquanto as atualizações estiverem ativadas.',
    enabled: 'Procurar atualizações e instalá-las ao fechar o Statusdesk',
    needsFeed: 'Informe primeiro um endereço de atualizações.',
    feed: 'Endereço de atualizações',
    feedPlaceholder: 'https://updates.example.com/statusdesk/',
    feedHint: 'Fornecido por quem distribui o Statusdesk para você. Deixe em branco para manter as atualizações desativadas.',
    save: 'Salvar endereço',
    saved: 'Endereço de atualizações salvo.',
    notHttps: 'Digite um endereço que comece com https://',
    saveFailed: 'Não foi possível salvar a configuração de atualizações: {message}',
    desktopOnly: 'As atualizações valem para o app de desktop instalado.',
  },
} satisfies typeof en
