import type { Catalog } from '../types/catalog'
import type en from '../en/media-errors'

export default {
  mediaErrors: {
    file: {
      unopenable: 'No se pudo abrir el archivo «{file}». Comprueba que todavía existe y que se puede leer.',
      incomplete: 'No se pudo leer el archivo «{file}» completo. Vuelve a elegirlo.',
      tooLarge: 'El archivo supera {limit}, lo máximo que admite una historia.',
      notReceived: 'No se pudo recibir el archivo. Vuelve a enviarlo.',
    },
    check: {
      imageTooLarge:
        'Las imágenes pueden ocupar como máximo {limit}; esta ocupa {size}. Elige un archivo más pequeño o sube el límite en Ajustes.',
      videoTooLarge:
        'Los vídeos pueden ocupar como máximo {limit}; este ocupa {size}. Elige un archivo más pequeño o sube el límite en Ajustes.',
      audioTooLarge:
        'Los archivos de audio pueden ocupar como máximo {limit}; este ocupa {size}. Elige un archivo más pequeño o sube el límite en Ajustes.',
      videoTooLong:
        'Los vídeos pueden durar como máximo {count} segundo; este dura {seconds}. Recórtalo o sube el límite en Ajustes. | Los vídeos pueden durar como máximo {count} segundos; este dura {seconds}. Recórtalo o sube el límite en Ajustes.',
      unusable: 'Este archivo no se puede usar en una historia.',
    },
    probe: {
      unrecognised:
        'El archivo no es una imagen, un vídeo ni un sonido que la aplicación reconozca. Una historia puede llevar una imagen ({images}), un vídeo ({videos}) o un audio ({audio}).',
      wrongType:
        'Este archivo es {format} ({type}), un tipo que las historias no admiten. Una historia puede llevar una imagen ({images}), un vídeo ({videos}) o un audio ({audio}).',
      imageDamaged: 'No se pudo leer la imagen: puede que esté dañada.',
      videoDamaged: 'No se pudo leer la duración del vídeo: puede que el archivo esté dañado.',
      audioDamaged: 'No se pudo leer el audio: puede que el archivo esté dañado.',
    },
    url: {
      notAnAddress: 'Eso no es una dirección web. Debe empezar por {prefix}',
      notHttp: 'Solo se pueden usar para archivos multimedia direcciones que empiecen por {http} o {https}.',
      credentials: 'La dirección no debe llevar un nombre de usuario ni una contraseña.',
      brokenEscape: 'La dirección tiene un «%» que no va seguido de dos dígitos hexadecimales. Revisa la dirección.',
      unreachable: 'No se pudo conectar con {host}. Revisa la dirección y la conexión a internet.',
      refused: 'La dirección respondió con el estado {status}; no se pudo descargar ningún archivo de ella.',
    },
    csv: {
      unreadable: 'Este archivo no se puede leer como CSV.',
      unreadableAt: 'Este archivo no se puede leer como CSV: el problema está en la línea {line}.',
      noRows: 'Este archivo no tiene filas.',
      noColumn: 'Este archivo no tiene columna {column}.',
      tooManyNumbers:
        'Una audiencia admite como máximo {count} número; esta columna tiene {found}. | Una audiencia admite como máximo {count} números; esta columna tiene {found}.',
    },
    library: {
      noNumbers: 'Ninguno de estos es un número de teléfono (de 7 a 15 dígitos), así que no hay nada que guardar.',
      audienceGone: 'Esa audiencia ya no está guardada.',
      tooManyAudiences:
        'Se puede guardar como máximo {count} audiencia. Elimina una primero. | Se pueden guardar como máximo {count} audiencias. Elimina una primero.',
      tooManyStyles:
        'Se puede guardar como máximo {count} estilo. Elimina uno primero. | Se pueden guardar como máximo {count} estilos. Elimina uno primero.',
    },
    drafts: {
      noAccount: 'Conecta primero una cuenta (Cuentas) y luego guarda borradores.',
      accountClosed: 'La cuenta de este borrador ya no está abierta, así que el borrador no se guardó.',
      draftGone: 'Ese borrador ya no está guardado.',
      tooMany:
        'Se puede conservar como máximo {count} borrador. Elimina uno primero. | Se pueden conservar como máximo {count} borradores. Elimina uno primero.',
    },
    feed: {
      noAccount: 'Conecta primero una cuenta (Cuentas) para ver sus historias.',
      unreadable: 'No se pudieron leer las historias.',
      storiesCancelled: 'Se canceló la sincronización de las historias.',
      contactsCancelled: 'Se canceló la lectura de los contactos.',
    },
    clipboard: {
      webMode: 'En el navegador, la página copia con el portapapeles del propio navegador.',
    },
  },
} satisfies Catalog<typeof en>
