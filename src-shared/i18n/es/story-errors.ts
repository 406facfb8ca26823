import type { Catalog } from '../types/catalog'
import type en from '../en/story-errors'

export default {
  storyErrors: {
    issues: {
      textEmpty: 'Una historia de texto necesita algo de texto.',
      textTooLong: 'El texto es demasiado largo: {length} caracteres, como máximo {max}.',
      captionTooLong: 'El pie de foto es demasiado largo: {length} caracteres, como máximo {max}.',
      backgroundInvalid: 'El color de fondo «{value}» no es un color escrito como #AARRGGBB.',
      colorInvalid: 'El color del texto «{value}» no es un color escrito como #AARRGGBB.',
      backgroundTransparent: 'El fondo es totalmente transparente; elige un color visible.',
      contrastLow: 'El texto se lee mal sobre este fondo (contraste {ratio}:1).',
      mediaMissing: 'Elige una imagen, un vídeo o un archivo de audio.',
      mediaGone: 'El archivo elegido ya no está disponible; vuelve a elegirlo.',
      previewInvalid: 'La imagen de vista previa no es un JPEG pequeño. Vuelve a elegir el archivo.',
      contactsEmpty: 'Elige al menos un contacto, o publica para todos.',
      contactInvalid:
        'Entre los contactos, «{value}» no es un número de teléfono de 7 a 15 dígitos (con el código de país delante). | Entre los contactos, «{value}» y {count} entrada más no son números de teléfono de 7 a 15 dígitos (con el código de país delante). | Entre los contactos, «{value}» y {count} entradas más no son números de teléfono de 7 a 15 dígitos (con el código de país delante).',
      excludedInvalid:
        'Entre los contactos excluidos, «{value}» no es un número de teléfono de 7 a 15 dígitos (con el código de país delante). | Entre los contactos excluidos, «{value}» y {count} entrada más no son números de teléfono de 7 a 15 dígitos (con el código de país delante). | Entre los contactos excluidos, «{value}» y {count} entradas más no son números de teléfono de 7 a 15 dígitos (con el código de país delante).',
      tooManyContacts: 'Se pueden elegir como máximo {max} contactos.',
      tooManyExcluded: 'Se pueden excluir como máximo {max} contactos.',
    },
    publish: {
      notAccepted: 'La historia no se envió: una parte no tiene una forma que el servidor acepte. Revisa la historia e inténtalo de nuevo.',
      failed: 'Algo salió mal al publicar en esta cuenta.',
      noAccount: 'Primero conecta una cuenta (Cuentas) y luego publica.',
      accountGone: 'Esa cuenta ya no está en la lista.',
      cancelled: 'Se canceló antes de enviarse.',
      repostNotFound: 'Esa historia no está entre las historias de la cuenta: sincroniza primero la vista Historias.',
      noFileDialog: 'Aquí no hay un diálogo de archivos: elige el archivo en la página.',
      noViewers: 'Todavía no se ha leído quién vio esta historia.',
    },
    outbox: {
      waiting: 'La historia espera en la bandeja de salida.',
      offline: 'Ahora mismo no hay conexión. La historia espera en la bandeja de salida y se enviará sola cuando vuelva la conexión.',
      behindEarlier: 'La historia espera en la bandeja de salida detrás de otras anteriores y se enviará después de ellas.',
      unknownAfterStop:
        'La app se cerró mientras se enviaba esta historia, así que no puede saber si se publicó. Revisa el estado de la cuenta y luego márcala como enviada, envíala de nuevo o descártala.',
      unknownAfterRestore:
        'Recuperada de un archivo dañado: puede que se haya publicado o no. Revisa la cuenta y luego envíala de nuevo, márcala como enviada o descártala.',
      unknownAfterFailure:
        'Algo salió mal mientras se enviaba la historia, así que la app no puede saber si se publicó. Revisa el estado de la cuenta antes de volver a publicarla.',
      itemGone: 'Esa historia ya no está en la bandeja de salida.',
      beingSent: 'Esa historia se está enviando en este momento. Espera el resultado.',
      unknownNotListed:
        'El servidor no mostraba esta historia cuando se comprobó ({at}), así que puede que no se haya publicado. Revisa la cuenta y después envíala otra vez, márcala como enviada o descártala.',
      slotTaken: 'Ya hay otra historia planificada a esa hora en la cola de publicación de esta cuenta. Elige otro hueco.',
      requestTaken: 'Esta historia ya está en la bandeja de salida.',
      changedMeanwhile:
        'Esa historia cambió mientras tanto: se editó, se envió o se descartó en otro lugar. Vuelve a mirarla antes de cambiarla.',
      sendNowOnly:
        'Desde aquí solo se puede enviar una historia en espera, programada o fallida; si no se sabe qué pasó con ella, elige «Enviar de nuevo».',
      sendAgainOnly: 'Solo se puede enviar de nuevo una historia fallida o cuyo resultado se desconoce.',
      markSentOnly: 'Solo se puede marcar como enviada una historia cuyo resultado se desconoce.',
      mediaNotReady: 'No se pudo preparar el archivo de la historia para subirlo. No se publicó nada; la app lo intentará de nuevo.',
      unreadable: 'No se pudo leer la bandeja de salida del disco.',
      notWritten: {
        readOnly:
          'La historia no se envió: no se pudo guardar en la bandeja de salida porque la carpeta de datos de la app es de solo lectura. No salió nada de este equipo y la historia sigue en el editor.',
        full: 'La historia no se envió: no se pudo guardar en la bandeja de salida porque el disco está lleno. No salió nada de este equipo y la historia sigue en el editor.',
        refused:
          'La historia no se envió: no se pudo guardar en la bandeja de salida porque el disco rechazó la escritura ({errno}). No salió nada de este equipo y la historia sigue en el editor.',
      },
    },
    schedule: {
      timePassed: 'Esa hora ya pasó. Elige una hora futura.',
      notPlanned: 'Solo se puede cambiar una historia que todavía está programada.',
      pickNewTime: 'Su hora ya pasó: elige una hora nueva.',
      repostNoDuplicate: 'Una historia republicada no se puede duplicar.',
      repostNoCaption: 'Una historia republicada no tiene pie de foto que editar.',
      captionInvalid: 'El pie de foto no se puede usar tal como está. Cámbialo e inténtalo de nuevo.',
    },
    setAside: {
      cannotOpen: 'No se puede recuperar nada de este archivo: no se puede abrir. Puedes descartarlo.',
      notReadable: 'No se puede recuperar nada de este archivo: está dañado o no lo escribió la app. Puedes descartarlo.',
      nothingComplete: 'Nada en este archivo está lo bastante completo para recuperarlo. Puedes descartarlo.',
      gone: 'Ese archivo apartado ya no está.',
      cacheOnly: 'Esto se vuelve a leer del servidor; solo se puede descartar.',
      draftInComposer: 'Hay un borrador a medias en el editor. Publícalo o bórralo primero y luego recupera este.',
      sameId: 'Ya hay en la bandeja de salida una historia con el mismo identificador.',
    },
    notices: {
      outboxUnreadable: 'No se pudo leer la bandeja de salida. No se pueden poner historias en cola hasta que se reinicie la app.',
      missed:
        'La hora de una historia programada en «{account}» pasó antes de que pudiera enviarse. No se envió tarde: abre la bandeja de salida para enviarla ahora, reprogramarla o cancelarla. | Las horas de {count} historias programadas en «{account}» pasaron antes de que pudieran enviarse. No se enviaron tarde: abre la bandeja de salida para decidir qué hacer con cada una.',
    },
  },
} satisfies Catalog<typeof en>
