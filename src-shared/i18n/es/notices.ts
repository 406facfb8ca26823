import type { Catalog } from '../types/catalog'
import type en from '../en/notices'

export default {
  notices: {
    setAside: {
      groupsSnapshot: 'No se pudo leer la lista guardada de grupos y se apartó. Se vuelve a leer del servidor.',
      outboxItem:
        'No se pudo leer una historia de la bandeja de salida y se apartó. Abre Bandeja de salida › Archivos apartados para verla, recuperar lo que se pueda leer o descartarla.',
      history:
        'No se pudo leer la lista de historias publicadas y se apartó. Abre Bandeja de salida › Archivos apartados para verla, recuperar lo que se pueda leer o descartarla.',
      composerDraft:
        'No se pudo leer el borrador guardado y se apartó. Abre Bandeja de salida › Archivos apartados para verlo, recuperar lo que se pueda leer o descartarlo.',
      savedDrafts:
        'No se pudieron leer los borradores guardados y se apartaron. Abre Bandeja de salida › Archivos apartados para verlos, recuperar lo que se pueda leer o descartarlos.',
      storiesFeed: 'No se pudo leer la lista de historias de la cuenta y se apartó. Se vuelve a leer del servidor.',
      contacts: 'No se pudieron leer los nombres de los contactos y se apartaron. Se vuelven a leer del servidor.',
      audiences:
        'No se pudieron leer las audiencias guardadas y se apartaron. Abre Bandeja de salida › Archivos apartados para verlas, recuperar lo que se pueda leer o descartarlas.',
      styles:
        'No se pudieron leer los estilos guardados y se apartaron. Abre Bandeja de salida › Archivos apartados para verlos, recuperar lo que se pueda leer o descartarlos.',
      updateFeeds:
        'No se pudieron leer las direcciones de actualizaciones aceptadas y se apartaron; la lista empieza vacía, así que se te volverá a preguntar por una dirección antes de usarla.',
      postingQueue:
        'No se pudieron leer los horarios semanales de la cola de publicación y se apartaron; la cola empieza vacía. Vuelve a indicar sus horarios en Ajustes › Cola de publicación.',
      insightsLive:
        'No se pudieron leer las estadísticas de las historias en seguimiento y se apartaron. Su lista empieza vacía y el recuento sigue con las historias aún activas.',
      insightsArchive:
        'No se pudieron leer las estadísticas guardadas de las historias caducadas de la cuenta y se apartaron. El archivo empieza vacío y se vuelve a llenar a medida que caducan las historias.',
      file: 'No se pudo leer un archivo de la aplicación y se apartó.',
    },
    recoveryReasons: {
      settingsNewer:
        'Los ajustes los escribió una versión más reciente de Statusdesk (formato {version}); se usan los valores que esta versión conoce.',
      settingsRejected: 'Estos ajustes no se entendieron y vuelven a sus valores predeterminados: {fields}.',
      accountsNewer: 'Las cuentas las escribió una versión más reciente de Statusdesk.',
      accountsDropped: 'No se pudo leer {count} entrada y se omitió. | No se pudieron leer {count} entradas y se omitieron.',
    },
    recovery: {
      settingsCopied:
        'No se pudieron leer todos los ajustes guardados, así que los que no se pudieron leer han vuelto a sus valores predeterminados. El archivo tal como estaba se conserva como {file} en la carpeta de datos de la aplicación.',
      settingsInMemory:
        'No se pudo abrir el archivo de ajustes, así que los ajustes han vuelto a sus valores predeterminados y los cambios no se conservarán al cerrar Statusdesk.',
      accountsCopied:
        'No se pudieron leer todas las cuentas guardadas, así que las que no se pudieron leer no aparecen: vuelve a conectarlas para recuperarlas con sus datos. El archivo tal como estaba se conserva como {file} en la carpeta de datos de la aplicación.',
      accountsInMemory:
        'No se pudo abrir el archivo de cuentas, así que no aparece ninguna cuenta y los cambios no se conservarán al cerrar Statusdesk.',
    },
    updates: {
      ready: 'Statusdesk {version} está listo y se instalará cuando cierres la aplicación.',
      offFeed: 'La actualización {version} no se descargó: sus archivos no están en la dirección de actualizaciones ({host}).',
      feedRefused: 'No se aceptó la dirección de actualizaciones {host}, así que no se usa.',
      manualNoPublisher:
        'Statusdesk {version} está disponible en {host}. No se instala automáticamente porque esta versión para Windows no indica ningún editor, así que no se puede comprobar la firma del instalador: instálalo tú.',
      manualUnsigned:
        'Statusdesk {version} está disponible en {host}. No se instala automáticamente porque las actualizaciones AppImage y deb no llevan ninguna firma que la aplicación pueda comprobar: instálalo tú.',
    },
  },
} satisfies Catalog<typeof en>
