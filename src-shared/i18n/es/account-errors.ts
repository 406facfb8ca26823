import type { Catalog } from '../types/catalog'
import type en from '../en/account-errors'

export default {
  accountErrors: {
    list: {
      notFound: 'Esa cuenta ya no está en la lista.',
      notSaved:
        'No se pudieron guardar las cuentas en el disco. Comprueba que se puede escribir en la carpeta de datos de la aplicación y que tiene espacio libre.',
      dataNotRemoved:
        'Se cerró la sesión de la cuenta, pero no se pudieron borrar sus datos en caché. Cierra los demás programas que usen la carpeta de datos de la aplicación y vuelve a intentarlo.',
    },
    connect: {
      otherChannel:
        'Este token pertenece a otro canal ({channel}), no al de «{label}» ({knownChannel}). Añádelo como una cuenta nueva, para que los grupos y las historias de los dos canales sigan separados.',
    },
    storage: {
      keyringAvailable: 'El llavero del sistema está disponible, así que el token se guarda cifrado con él (o solo durante esta sesión).',
      choiceNeeded:
        'Este sistema no ofrece un llavero para cifrar el token. Elige guardarlo solo durante esta sesión o almacenarlo con protección débil.',
      encryptFailed:
        'El llavero del sistema no pudo cifrar el token. Elige guardarlo solo durante esta sesión o almacenarlo con protección débil.',
      decryptFailed:
        'El llavero del sistema no pudo descifrar el token de esta cuenta (puede que el llavero se haya restablecido o esté bloqueado). Vuelve a escribir el token.',
      unknownFormat: 'El token de esta cuenta está guardado en un formato que esta versión no sabe leer. Vuelve a escribir el token.',
    },
    tokenNeeded: {
      named:
        'El token de «{label}» no está disponible en esta sesión. Vuelve a escribirlo para sincronizar o publicar; mientras tanto, los grupos en caché y el historial se pueden seguir consultando.',
      unnamed:
        'El token de esta cuenta no está disponible en esta sesión. Vuelve a escribirlo para sincronizar o publicar; mientras tanto, los grupos en caché y el historial se pueden seguir consultando.',
    },
    demo: {
      notStarted: 'No se pudo iniciar la demostración en este equipo.',
    },
    workspace: {
      closed: 'Esa cuenta ya no está abierta.',
      setAsideGone: 'Ese archivo apartado ya no está.',
    },
    settings: {
      invalidValue: 'No se puede guardar ese ajuste: el valor indicado para {field} no está permitido.',
      feedNotHttps: 'La dirección de actualizaciones debe ser una dirección https://, sin nombre de usuario ni contraseña.',
      notSaved:
        'No se pudieron guardar los ajustes en el disco. Comprueba que se puede escribir en la carpeta de datos de la aplicación y que tiene espacio libre.',
    },
  },
} satisfies Catalog<typeof en>
