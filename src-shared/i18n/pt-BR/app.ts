import type en from '../en/app'

export default {
  app: {
    name: 'Statusdesk',
    tagline: 'Grupos e status da sua conta de mensagens',
  },
  about: {
    open: 'Sobre o Statusdesk',
    version: 'Versão',
    platform: 'Plataforma',
    transport: 'Conexão com o serviço do app',
    transports: { ipc: 'Desktop (IPC)', web: 'Modo web (HTTP local)', agent: 'Agente (dispositivo pareado por HTTP)' },
    runtime: 'Ambiente de execução',
    close: 'Fechar',
    loading: 'Carregando…',
    failed: 'Não foi possível ler as informações do app: {message}',
    retry: 'Tentar de novo',
  },
} satisfies typeof en
