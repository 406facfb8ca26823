import type { Catalog } from '../types/catalog'
import type en from '../en/api-errors'

export default {
  apiErrors: {
    http: {
      invalidRequest: 'El servidor rechazó la solicitud por no ser válida.',
      unauthorized:
        'El canal no está autorizado o el token es incorrecto. Revisa el token o vuelve a conectar el canal (escanea de nuevo el código QR) en el panel del proveedor.',
      payment: 'Se alcanzó el límite del plan o de la prueba de la cuenta.',
      forbidden: 'El servidor no permite que esta cuenta haga eso.',
      notFound: 'El servidor no encontró lo que se le pidió.',
      tooLarge: 'El archivo multimedia es demasiado grande para el servidor.',
      unsupportedMedia: 'El servidor no acepta este tipo de archivo multimedia.',
      rateLimited: 'El servidor está recibiendo demasiadas solicitudes de esta cuenta. Espera un momento y vuelve a intentarlo.',
      rateLimitedWait:
        'El servidor está recibiendo demasiadas solicitudes de esta cuenta y pide esperar {seconds} antes del siguiente intento.',
      server: 'El servidor tuvo un problema (HTTP {status}). Inténtalo más tarde.',
      refused: 'El servidor rechazó la solicitud (HTTP {status}).',
      redirect: 'La dirección del servidor responde con una redirección. Revísala (puede que necesite https:// o una ruta distinta).',
    },
    network: {
      unreachable: 'No se pudo conectar con el servidor. Revisa la conexión a internet y la dirección del servidor.',
      closed:
        'El servidor cerró la conexión antes de responder. Puede que esté sobrecargado o que algo entre este equipo y el servidor corte la conexión. Inténtalo más tarde.',
      lostWhileSending: 'Se perdió la conexión mientras se enviaba la historia. No se publicó.',
      closedWhileSending: 'El servidor cerró la conexión mientras se enviaba la historia. No se publicó.',
      noAnswer: 'El servidor no respondió en {seconds}.',
      uploadStalled: 'La subida se detuvo: no se pudo enviar nada durante {seconds}. La historia no se publicó.',
      replyTooLarge: 'La respuesta del servidor era mucho más grande de lo esperado.',
    },
    unknown: {
      noAnswer:
        'La historia se envió, pero el servidor no respondió, así que la aplicación no sabe si se publicó. Revisa el estado de la cuenta antes de volver a publicarla.',
      cancelled:
        'La publicación se canceló después de enviar la historia, así que puede que se haya publicado. Revisa el estado de la cuenta antes de volver a publicarla.',
      unreadableReply:
        'El servidor aceptó la historia, pero su respuesta no se pudo leer, así que la aplicación no puede confirmar que se publicó. Revisa el estado de la cuenta antes de volver a publicarla.',
      serverError:
        'El servidor informó de un error (HTTP {status}) después de recibir la historia, así que puede que se haya publicado o no. Revisa el estado de la cuenta antes de volver a publicarla.',
    },
    request: {
      badToken: 'El token está vacío o contiene espacios o caracteres que un token no puede tener.',
      badAddress:
        'La dirección del servidor debe tener la forma https://gate.example.com (https, sin parámetros ni credenciales; http simple solo hacia este equipo).',
      groupsPageSize: 'Una página contiene de 1 a {max} grupos.',
      storiesPageSize: 'Una página contiene de 1 a {max} historias.',
      contactsPageSize: 'Una página contiene de 1 a {max} contactos.',
      pageOffset: 'El desplazamiento de la página debe ser un número entero igual o mayor que 0.',
      storyId: 'Ese no es un identificador de historia que haya dado el servidor.',
      contacts: 'Los contactos deben ser números de teléfono de 7 a 15 dígitos.',
      invalidStory: 'La historia no se puede enviar tal como está: parte de su contenido no es válido.',
      invalidStoryField: 'La historia no se puede enviar tal como está: el campo {field} no es válido.',
    },
    reply: {
      groupsNotJson: 'La respuesta del servidor a la solicitud de grupos no era JSON.',
      groupsPage: 'El servidor envió una página de grupos que la aplicación no puede leer.',
      storiesPage: 'El servidor envió una página de historias que la aplicación no puede leer.',
      contactsPage: 'El servidor envió una página de contactos que la aplicación no puede leer.',
      story: 'El servidor envió una historia que la aplicación no puede leer.',
      views: 'No se pudo leer la lista de visualizaciones del servidor.',
      noMediaId: 'La respuesta del servidor a la subida del archivo multimedia no incluye su identificador.',
      notPublished: 'El servidor respondió, pero no publicó la historia.',
    },
    story: {
      mediaNotFound: 'El archivo multimedia no se encontró en el servidor (puede que su identificador haya caducado).',
      unknown: 'El servidor no conoce esta historia (puede que haya caducado).',
      unknownNotCopied: 'El servidor no conoce esta historia (puede que haya caducado), así que no se volvió a publicar.',
    },
    media: {
      unreadable: 'No se pudo leer el archivo multimedia.',
      changed: 'El archivo multimedia cambió mientras se enviaba.',
    },
    address: {
      notPublic: 'La dirección no está en internet pública, así que Statusdesk no descarga nada de ella.',
      tooManyRedirects: 'La dirección redirigió más de una vez. | La dirección redirigió más de {count} veces.',
    },
    connect: {
      refusedToken:
        '{host} rechazó el token: o el token es incorrecto, o el canal no está autorizado (puede que haya que volver a escanear su código QR en el panel del proveedor).',
      noAnswer: '{host} no respondió a tiempo. Revisa la conexión a internet y la dirección del servidor.',
      unreachable: 'No se pudo conectar con {host}. Revisa la conexión a internet y la dirección del servidor.',
      serverProblem: 'El servidor {host} tuvo un problema (HTTP {status}).',
      serverProblemNoStatus: 'El servidor {host} tuvo un problema.',
      notGroups:
        '{host} respondió, pero no es un servidor de API de mensajería del tipo esperado: su respuesta no es una lista de grupos. Revisa la dirección del servidor.',
      noGroupsEndpoint:
        '{host} respondió, pero no es un servidor de API de mensajería del tipo esperado: no tiene el punto de acceso de grupos (HTTP 404). Revisa la dirección del servidor.',
      redirects:
        '{host} respondió, pero no es un servidor de API de mensajería del tipo esperado: redirige a otro sitio. Revisa la dirección del servidor.',
      refused:
        '{host} respondió, pero no es un servidor de API de mensajería del tipo esperado: rechazó la solicitud (HTTP {status}). Revisa la dirección del servidor.',
      refusedNoStatus:
        '{host} respondió, pero no es un servidor de API de mensajería del tipo esperado: rechazó la solicitud. Revisa la dirección del servidor.',
    },
    store: {
      unreadable: 'No se pudo leer el archivo (error {code}).',
      notJson: 'El archivo no es JSON válido.',
      notObject: 'El archivo no contiene un objeto JSON.',
      unopenable: 'No se pudo abrir el archivo (error {code}).',
    },
    files: {
      cancelled: 'Se canceló antes de guardar el archivo.',
    },
    body: {
      tooLarge: 'La solicitud es demasiado grande.',
      notJson: 'El cuerpo de la solicitud no es JSON válido.',
    },
  },
} satisfies Catalog<typeof en>
