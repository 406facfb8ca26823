import type { Catalog } from '../types/catalog'
import type en from '../en/errors'

export default {
  errors: {
    codes: {
      'invalid-argument': 'Algo de la solicitud no es válido.',
      'invalid-request': 'El servidor rechazó la solicitud por no ser válida.',
      'invalid-response': 'El servidor envió una respuesta que la aplicación no puede leer.',
      unauthorized: 'El servidor no aceptó el token.',
      payment: 'Se alcanzó el límite del plan o de la prueba de la cuenta.',
      forbidden: 'El servidor no permite que esta cuenta haga eso.',
      'not-found': 'Lo que se pidió ya no está.',
      'too-large': 'Es demasiado grande.',
      'unsupported-media': 'Este tipo de archivo no se acepta.',
      'rate-limited': 'El servidor está recibiendo demasiadas solicitudes. Espera un momento y vuelve a intentarlo.',
      server: 'El servidor tuvo un problema. Inténtalo más tarde.',
      offline: 'No se pudo conectar con el servidor.',
      'connection-closed': 'La conexión se cerró antes de que el servidor respondiera.',
      timeout: 'El servidor no respondió a tiempo.',
      cancelled: 'Cancelado.',
      'unknown-outcome': 'No se sabe si esto se completó. Compruébalo antes de volver a intentarlo.',
      conflict: 'Otra acción cambió esto al mismo tiempo. Vuelve a intentarlo.',
      'certificate-changed': 'El otro extremo presentó un certificado distinto del fijado: no se le envió nada.',
      storage: 'No se pudo leer o escribir un archivo en este equipo.',
      internal: 'Algo falló dentro de la aplicación.',
    },
    bridge: {
      lostContact: 'Se perdió el contacto con el servicio de Statusdesk. Reinicia la aplicación o recarga la página.',
      unknownChannel: 'Esta versión de la aplicación no conoce esa solicitud.',
      invalidArgument: 'La solicitud contiene un valor no válido ({field}).',
      notFromWindow: 'Esta solicitud no vino de la ventana de Statusdesk.',
      foreignOrigin: 'Esta solicitud vino de otro sitio, así que se rechazó.',
      wrongSecret: 'La sesión de esta página terminó. Vuelve a abrir Statusdesk desde la dirección que mostró.',
      noEndpoint: 'Esta versión de la aplicación no tiene esa solicitud.',
      methodNotAllowed: 'Este tipo de solicitud no está permitido aquí.',
    },
    agent: {
      noToken: 'Este agente solo responde a dispositivos vinculados: vincula este escritorio con el código que imprime el agente.',
      badToken:
        'Este dispositivo no está vinculado con este agente (o ya no lo está): vincúlalo de nuevo con el código que imprime el agente.',
      wrongCode: 'Ese no es el código de vinculación que imprimió el agente. Intentos restantes: {tries}.',
      badRevoke: 'Indica qué dispositivo revocar: su id, tal como lo da la lista de dispositivos.',
      noDevice: 'Ningún dispositivo con ese id está vinculado a este agente.',
      pairingThrottled: 'Demasiados códigos incorrectos desde esta dirección: vuelve a intentarlo en {seconds} s.',
      noCode: 'Ese código de vinculación ya no sirve (caducó o se probó demasiadas veces): escribe el nuevo código que imprimió el agente.',
      badPairing: 'Para vincular hacen falta el código que imprimió el agente y un nombre para este dispositivo.',
    },
    agentRouting: {
      audienceAway: 'Esta audiencia guardada está en el agente, que no responde: cámbiala cuando el agente vuelva a responder.',
      tooManyWaiting: 'Hay demasiados cambios esperando al agente. Espera a que responda y vuelve a editar.',
      badAnswer: 'El agente dio una respuesta que este equipo no puede leer.',
      awayNoRevision:
        'El agente no está disponible y este equipo no tiene un estado de esta historia sobre el que editarla. Inténtalo cuando el agente responda.',
      notOnAgent: 'Se descartó un cambio que esperaba al agente: la cuenta ya no funciona en el agente.',
      editRefused:
        'Un cambio que hiciste mientras el agente no estaba ({at}) no se aplicó: la historia cambió o se envió entretanto. Se muestra el estado actual.',
      editFailed: 'El agente rechazó un cambio que hiciste mientras no estaba ({at}). Se muestra el estado actual.',
    },
    agentPublish: {
      cancelUnsure:
        'Cancelado, pero el agente no respondió: puede que tenga la historia. Mira en la bandeja de salida antes de publicarla de nuevo.',
      cancelTooLatePlanned:
        'La historia para {account} ya estaba planificada en el agente cuando cancelaste: está en la bandeja de salida; cancélala allí.',
      cancelTooLateSent: 'El agente ya había publicado la historia para {account} cuando cancelaste.',
    },
    handover: {
      audiencesToFull:
        'Audiencias guardadas no movidas al agente: {count}. La biblioteca del agente está llena ({max} audiencias guardadas): se quedan en este ordenador.',
      audiencesToFailed: 'Audiencias guardadas no movidas al agente: {count}. No se pudieron enviar: se quedan en este ordenador.',
      audiencesBackFull:
        'Audiencias guardadas no traídas del agente: {count}. La biblioteca de este ordenador está llena ({max} audiencias guardadas): se quedan en el agente.',
      audiencesBackFailed: 'Audiencias guardadas no traídas del agente: {count}. No se pudieron traer: se quedan en el agente.',
      busy: 'Una historia de esta cuenta se está enviando o editando ahora mismo: inténtalo de nuevo cuando termine.',
      notHeld: 'Esa historia no forma parte de este traspaso.',
      mediaTooLarge:
        'Una historia planificada lleva un archivo de más de {megabytes} MB, más de lo que admite un traspaso: envíala o planifícala de nuevo con un archivo más pequeño y vuelve a intentarlo. | {count} historias planificadas llevan archivos de más de {megabytes} MB, más de lo que admite un traspaso: envíalas o planifícalas de nuevo con archivos más pequeños y vuelve a intentarlo.',
      badItem: 'No se pudo leer una historia de este traspaso: no se tomó nada de ella.',
      noAccount: 'El agente no tiene esa cuenta.',
      onAgent: 'Esta cuenta ya funciona en el agente.',
      notOnAgent: 'Esta cuenta funciona en este ordenador, no en el agente.',
      unfinished: 'Un traspaso de esta cuenta aún no ha terminado: terminará cuando el agente responda.',
      demo: 'La cuenta de demostración funciona dentro de esta aplicación: no puede pasar a un agente.',
      noToken: 'El token de esta cuenta no está disponible en este ordenador: vuelve a introducirlo y luego traspasa la cuenta.',
      insightsTooLarge: 'Las estadísticas de la cuenta superan lo que lleva un traspaso: se quedan en este ordenador.',
      badInsights: 'No se pudieron leer las estadísticas de la cuenta en este traspaso: no se tomó ninguna.',
      badAudiences:
        'No se pudieron leer las audiencias guardadas de este traspaso (como máximo {max} audiencias de {members} números, cada número de 7 a 15 dígitos): no se tomó ninguna.',
      followedOnly:
        'Este ordenador sigue esta cuenta en el agente sin su token: sus historias se quedan en el agente. Para gestionarla aquí, conéctela con su token.',
      teamStories:
        'Hay una historia en el agente planificada por {people}: si la trae de vuelta, solo saldrá mientras este ordenador esté encendido. Tráigala con las suyas o deje la cuenta en el agente. | Hay {count} historias en el agente planificadas por {people}: si las trae de vuelta, solo saldrán mientras este ordenador esté encendido. Tráigalas con las suyas o deje la cuenta en el agente.',
    },
    agentLink: {
      badAddress:
        'Escribe la dirección del agente, por ejemplo {example}, sin ruta: http:// solo en este equipo, https:// para un agente en otra máquina.',
      unreachable: 'El agente en {url} no respondió. ¿Está en marcha?',
      timeout: 'El agente en {url} tardó demasiado en responder.',
      badAnswer: 'El agente en {url} respondió de una forma que Statusdesk no puede leer. ¿Es un agente de Statusdesk de esta versión?',
      notPaired: 'Este equipo no está vinculado con un agente: vincúlalo en Ajustes → Agente.',
      noToken:
        'El token del agente de este equipo no está disponible (se guardó solo para la sesión anterior, o el llavero no puede abrirlo): vincula de nuevo con un código nuevo.',
      certificateChanged:
        'El agente en {url} presentó un certificado distinto del fijado al emparejar: no se le envió nada. Si su operador creó un certificado nuevo, olvida este agente y empareja de nuevo; si no, alguien podría estar entre este equipo y el agente.',
      notTls: 'Solo un agente https:// tiene un certificado que leer.',
      noFingerprint: 'Lee el certificado del agente y compara su huella antes de emparejar por https://.',
      notRevoked:
        'Este equipo olvidó el agente, pero no se pudo avisar al agente en {url}: el token que tenía este equipo sigue siendo válido allí.',
    },
    dataFolder: {
      inUse:
        'Otra instancia de Statusdesk está usando esta carpeta de datos (proceso {pid} en {host}). Ciérrala primero o inicia esta con otra carpeta de datos.',
      takenOver:
        'Otra instancia de Statusdesk tomó esta carpeta de datos (proceso {pid} en {host}) mientras esta no respondía. Cierra esta: lo que haga a partir de ahora puede perderse.',
    },
    clipboard: 'No se pudo escribir en el portapapeles.',
    more: 'Detalles',
    serverSaid: 'El servidor dijo: {said}',
    recorded: 'Registrado en su momento: {detail}',
  },
} satisfies Catalog<typeof en>
