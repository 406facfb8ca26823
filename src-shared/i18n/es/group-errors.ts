import type { Catalog } from '../types/catalog'
import type en from '../en/group-errors'

export default {
  groupErrors: {
    groupGone: 'Ese grupo ya no está en la lista (la última sincronización no lo encontró).',
    noAccount: 'Conecta primero una cuenta: todavía no hay grupos que mostrar.',
    notOnScreen: 'Abre primero esta cuenta (elígela en el selector de cuentas): sus grupos solo se leen mientras una ventana la muestra.',
    cache: {
      notOpened: 'No se pudo abrir la caché de grupos.',
      notRead: 'No se pudo leer del disco la caché de grupos.',
      notSaved:
        'No se pudieron guardar los grupos en la caché del disco (¿está lleno el disco o la carpeta de datos es de solo lectura?). Se conserva la caché anterior.',
      writeEnded: 'No se pudieron guardar los grupos en la caché: su archivo ya estaba cerrado. Se conserva la caché anterior.',
      recordDamaged: 'El registro guardado de este grupo está dañado en el disco. La próxima sincronización lo volverá a descargar.',
      recordUnreadable: 'El servidor envió este grupo de una forma que la aplicación no puede mostrar.',
      setAside: {
        damaged:
          'La lista de grupos guardada estaba dañada, así que se apartó. Statusdesk está volviendo a descargar los grupos del servidor.',
        newerVersion:
          'La lista de grupos guardada la escribió una versión más reciente de Statusdesk, así que se apartó. Statusdesk está volviendo a descargar los grupos.',
        olderFormat:
          'La lista de grupos guardada está en un formato antiguo que esta versión ya no lee, así que se apartó. Statusdesk está volviendo a descargar los grupos.',
        otherAccount:
          'La lista de grupos guardada pertenece a otra cuenta, así que se apartó. Statusdesk está volviendo a descargar los grupos de esta cuenta.',
      },
    },
    sync: {
      cancelled: 'Se canceló la sincronización.',
      internal: 'La sincronización falló dentro de Statusdesk. Los detalles están en el registro.',
      kept: 'Los grupos que se muestran son de la última sincronización completa.',
      keptChanging:
        'Los grupos de la cuenta no dejaron de cambiar mientras se leían, así que no se pudo obtener una lista completa. Vuelve a intentarlo en un momento.',
      endlessPaging: 'El servidor siguió enviando páginas de grupos más allá del final de la lista, así que se detuvo la sincronización.',
      unreadablePage:
        'El servidor envió una página de grupos (a partir del grupo {first}) que la aplicación no puede leer. Vuelve a sincronizar dentro de unos minutos.',
      pageReaderStopped:
        'No se pudo leer una página de grupos porque el lector de páginas de la aplicación se detuvo. Vuelve a sincronizar.',
    },
    participants: {
      cacheNotRead: 'No se pudo reunir a las personas de tus grupos: no se pudo leer la caché de grupos.',
      syncedMeanwhile: 'Los grupos se acaban de sincronizar de nuevo. Vuelve a buscar.',
      notReadBack:
        'No se pudo reunir a las personas de tus grupos: la lista recién creada no se pudo volver a leer. Vuelve a buscar para reintentarlo.',
      stillListing:
        'Statusdesk aún está reuniendo a las personas de tu {count} grupo. Vuelve a buscar en un momento. | Statusdesk aún está reuniendo a las personas de tus {count} grupos. Vuelve a buscar en un momento.',
      notBuilt:
        'No se pudo reunir a las personas de tus grupos. Vuelve a buscar para reintentarlo; la próxima sincronización también vuelve a crear la lista.',
      cancelled: 'No se creó la lista de personas.',
    },
    export: {
      notWritten: 'No se pudo escribir el archivo. Elige otra carpeta y vuelve a intentarlo.',
    },
  },
} satisfies Catalog<typeof en>
