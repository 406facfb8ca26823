import type { Catalog } from '../types/catalog'
import type en from '../en/desktop'

export default {
  desktop: {
    tray: {
      open: 'Abrir Statusdesk',
      syncNow: 'Sincronizar ahora',
      nextStory: 'Próxima historia: {when} · {snippet}',
      nextStoryNoText: 'Próxima historia: {when}',
      noStory: 'No hay historias programadas',
      quit: 'Salir de Statusdesk',
      tooltip: 'Statusdesk — {next}',
    },
    quit: {
      message: 'Hay una historia programada. ¿Salir de todos modos? | Hay {count} historias programadas. ¿Salir de todos modos?',
      detail:
        'Las historias programadas solo se envían mientras Statusdesk está abierto. Si no lo está a su hora, no se envían tarde: la app te preguntará qué hacer cuando vuelva a abrirse.',
      keepRunning: 'Seguir abierto',
      quit: 'Salir',
    },
    menu: {
      file: 'Archivo',
      edit: 'Edición',
      view: 'Ver',
      window: 'Ventana',
      speech: 'Voz',
      about: 'Acerca de Statusdesk',
      services: 'Servicios',
      hide: 'Ocultar Statusdesk',
      hideOthers: 'Ocultar otros',
      showAll: 'Mostrar todo',
      quitApp: 'Salir de Statusdesk',
      quit: 'Salir',
      exit: 'Salir',
      close: 'Cerrar',
      newWindow: 'Nueva ventana',
      closeWindow: 'Cerrar ventana',
      undo: 'Deshacer',
      redo: 'Rehacer',
      cut: 'Cortar',
      copy: 'Copiar',
      paste: 'Pegar',
      pasteAndMatchStyle: 'Pegar con el mismo estilo',
      delete: 'Eliminar',
      selectAll: 'Seleccionar todo',
      startSpeaking: 'Iniciar locución',
      stopSpeaking: 'Detener locución',
      forceReload: 'Forzar recarga',
      toggleDevTools: 'Mostrar u ocultar las herramientas para desarrolladores',
      actualSize: 'Tamaño real',
      zoomIn: 'Ampliar',
      zoomOut: 'Reducir',
      toggleFullScreen: 'Activar o desactivar pantalla completa',
      minimize: 'Minimizar',
      zoom: 'Zoom',
      bringAllToFront: 'Traer todo al frente',
    },
    notifications: {
      published: {
        title: 'Historia publicada',
        titleOnAccount: 'Historia publicada en {account}',
        body: 'Tu historia programada o en cola ya está publicada.',
        bodyWithCaption: '«{caption}»: tu historia programada o en cola ya está publicada.',
      },
      failed: {
        title: 'Historia no publicada',
        titleOnAccount: 'Historia no publicada en {account}',
        body: 'El servidor la rechazó. Abre la bandeja de salida para enviarla de nuevo o descartarla.',
        bodyWithCaption: '«{caption}»: el servidor la rechazó. Abre la bandeja de salida para enviarla de nuevo o descartarla.',
      },
      unknown: {
        title: 'Resultado de la historia desconocido',
        titleOnAccount: 'Resultado desconocido de una historia en {account}',
        body: 'No llegó respuesta: revisa la cuenta y decide en la bandeja de salida.',
        bodyWithCaption: '«{caption}»: no llegó respuesta. Revisa la cuenta y decide en la bandeja de salida.',
      },
      missed: {
        title: 'Una historia planificada se pasó de su hora',
        titleOnAccount: 'Una historia planificada en {account} se pasó de su hora',
        body: 'No se envió tarde. Abre la bandeja de salida para enviarla ahora, reprogramarla o cancelarla.',
        bodyWithCaption: '«{caption}» no se envió tarde. Abre la bandeja de salida para enviarla ahora, reprogramarla o cancelarla.',
      },
    },
    updateFeed: {
      title: 'Dirección de actualizaciones',
      message: '¿Descargar las actualizaciones de Statusdesk desde {host}?',
      detail:
        'La configuración pide tomar las actualizaciones de {address}. Las actualizaciones son programas que este equipo ejecutará: acepta solo una dirección de confianza.',
      keep: 'Mantener la dirección actual',
      use: 'Usar esta dirección',
    },
    openDialog: {
      media: 'Elige una imagen, un vídeo o un audio',
      mediaFiles: 'Imágenes, vídeos y audio',
      allFiles: 'Todos los archivos',
    },
    saveDialog: {
      groups: 'Exportar grupos',
      participants: 'Exportar participantes',
      viewers: 'Exportar quién vio la historia',
      agentActivity: 'Exportar la actividad del agente',
      csvFiles: 'Archivos CSV',
    },
    web: {
      ready: {
        running: 'Statusdesk (modo web) está en marcha. Su dirección, con el secreto de este inicio:',
        dataFolder: 'Carpeta de datos: {folder}',
        stop: 'Pulsa {keys} para detenerlo.',
      },
      openFailed: {
        missing: 'No se pudo abrir ningún navegador (no se encontró {command}): abre {url} en tu navegador.',
        failed: 'No se pudo abrir ningún navegador con {command}: abre {url} en tu navegador.',
      },
      usage: {
        badPort: '{option} debe ser un número de puerto del 1 al 65535 (o 0 para cualquier puerto libre), no «{value}».',
        badNpmPort:
          'El puerto indicado a {tool} ({option}) debe ser un número del 1 al 65535 (o 0 para cualquier puerto libre), no «{value}».',
        unexpectedArgument: 'Argumento inesperado «{argument}». El modo web acepta: {options}.',
        unknownOption: 'Opción desconocida {option}. El modo web acepta: {options}.',
        missingValue: 'La opción {option} necesita un valor a continuación.',
        noValue: 'La opción {option} no admite ningún valor: escríbela sola.',
        unreadable: 'No se pudieron leer las opciones. El modo web acepta: {options}.',
        portInUse: 'Otro programa ya está usando el puerto {port}: ciérralo o elige otro puerto con {option}.',
        portNeedsRights: 'El puerto {port} requiere permisos especiales en este sistema: elige un puerto superior a 1023 con {option}.',
      },
      launch: {
        title: 'Abriendo Statusdesk',
        body: 'Abriendo Statusdesk… Si no pasa nada, usa el enlace de abajo.',
        link: 'Continuar a Statusdesk',
      },
    },
    agent: {
      ready: {
        running: 'El agente de Statusdesk está listo en {url}.',
        dataFolder: 'Carpeta de datos: {folder}',
        database: 'Base de datos: {database}',
      },
      pairing: {
        code: 'Para vincular un escritorio con este agente, escribe en él este código: {code}. Vale hasta {expiresAt}, con {tries} intentos.',
      },
      tls: {
        unreadable: 'No se puede leer el certificado o la clave TLS ({file}), o la clave no es la del certificado.',
        fingerprint:
          'La huella del certificado del agente (SHA-256) es {fingerprint}. Un escritorio que se vincule por la red la muestra: comprueba que sean iguales.',
      },
      database: {
        unreachable: 'No se puede llegar a la base de datos ({database}): se volverá a intentar dentro de {seconds}.',
      },
      key: {
        missing:
          'El agente necesita la clave del operador para guardar cifrados los tokens de los proveedores: define {variable} (o {fileVariable}, un archivo que la contenga) con 32 bytes aleatorios en {encoding}, como los imprime {command}.',
        both: 'Define {variable} o {fileVariable}, no las dos.',
        invalid: '{variable} debe contener 32 bytes escritos en {encoding} (como los imprime {command}), y no es así.',
        unreadable: 'No se puede leer el archivo de la clave {file}.',
      },
      admin: {
        device: '{name} ({id}): visto por última vez {seen}, lo último que hizo: {action}.',
        devicePerson: '{name}, vinculado por {person} ({id}): visto por última vez {seen}, lo último que hizo: {action}.',
        none: 'Ningún dispositivo está emparejado con este agente.',
        revoked: 'El dispositivo {id} está revocado: el agente rechaza su token desde su próxima llamada.',
        noDevice: 'Ningún dispositivo {id} está emparejado con este agente: {list} los lista.',
        held: 'El agente en marcha tiene abierta su base de datos integrada ({database}): detenlo antes, o revoca el dispositivo desde un escritorio emparejado en Ajustes → Agente.',
        revokeUsage: 'Indica el dispositivo que revocar: {command} ({list} los lista).',
      },
      usage: {
        unknownOption: 'Opción desconocida {option}. El agente acepta: {options}.',
        unexpectedArgument: 'Argumento inesperado «{argument}». El agente acepta: {options}.',
        missingValue: 'La opción {option} necesita un valor después.',
        noValue: 'La opción {option} no lleva valor: escríbela sola.',
        unreadable: 'No se pudieron leer las opciones. El agente acepta: {options}.',
        badListen: '{option} debe ser {form}, con un puerto de 1 a 65535 (o 0 para uno libre cualquiera), no «{value}».',
        badLateMinutes: '{option} debe ser un número entero de minutos de 0 a {max}, no «{value}».',
        notLoopback:
          'Sin TLS el agente solo escucha en este equipo ({hosts}): en {host}, los tokens de los dispositivos cruzarían la red sin cifrar. Añade {own} (el agente crea su propio certificado) o {cert} y {key} (los tuyos).',
        tlsPair: 'Indica {cert} y {key} juntos, para tu propio certificado, o solo {own}, para uno que crea el agente.',
        portInUse: 'El puerto {port} en {host} ya lo usa otro programa: detenlo o elige otro con {option}.',
        portNeedsRights: 'El puerto {port} necesita permisos especiales en este sistema: elige un puerto mayor que 1023 con {option}.',
      },
    },
  },
} satisfies Catalog<typeof en>
