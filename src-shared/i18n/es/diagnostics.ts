import type en from '../en/diagnostics'

export default {
  diagnostics: {
    title: 'Diagnóstico',
    intro: 'Cuando algo falla, el registro y un informe de diagnóstico ayudan a averiguar por qué.',
    logFolder: 'Carpeta de registros',
    noLogFolder: 'Esta ejecución no escribe ningún archivo de registro.',
    copyLogFolder: 'Copiar la ruta de la carpeta',
    copy: 'Copiar diagnóstico',
    copying: 'Recopilando…',
    copied: 'Diagnóstico copiado al portapapeles.',
    folderCopied: 'Ruta de la carpeta de registros copiada.',
    copyFailed: 'No se pudo copiar el diagnóstico: {message}',
    contents: 'Versiones, sistema, cómo se guardan los tokens, ajustes y uso del disco. Nunca un token, un número de teléfono ni un chat.',
    preview: 'Ver qué se copia',
    loading: 'Preparando el informe…',
    loadFailed: 'No se pudo generar el informe: {message}',
  },
  updates: {
    title: 'Actualizaciones',
    intro:
      'Statusdesk descarga actualizaciones solo desde la dirección https que indiques aquí, y solo mientras las actualizaciones estén activadas.',
    enabled: 'Buscar actualizaciones e instalarlas al cerrar Statusdesk',
    needsFeed: 'Primero indica una dirección de actualizaciones.',
    feed: 'Dirección de actualizaciones',
    feedPlaceholder: 'https://updates.example.com/statusdesk/',
    feedHint: 'Te la da quien te distribuye Statusdesk. Déjala vacía para mantener las actualizaciones desactivadas.',
    save: 'Guardar dirección',
    saved: 'Dirección de actualizaciones guardada.',
    notHttps: 'Escribe una dirección que empiece por https://',
    saveFailed: 'No se pudo guardar el ajuste de actualizaciones: {message}',
    desktopOnly: 'Las actualizaciones se aplican a la aplicación de escritorio instalada.',
  },
} satisfies typeof en
