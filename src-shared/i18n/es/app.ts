import type en from '../en/app'

export default {
  app: {
    name: 'Statusdesk',
    tagline: 'Grupos e historias de tu cuenta de mensajería',
  },
  about: {
    open: 'Acerca de Statusdesk',
    version: 'Versión',
    platform: 'Plataforma',
    transport: 'Conexión con el servicio de la aplicación',
    transports: { ipc: 'Escritorio (IPC)', web: 'Modo web (HTTP local)', agent: 'Agente (dispositivo vinculado por HTTP)' },
    runtime: 'Entorno de ejecución',
    close: 'Cerrar',
    loading: 'Cargando…',
    failed: 'No se pudo leer la información de la aplicación: {message}',
    retry: 'Reintentar',
  },
} satisfies typeof en
