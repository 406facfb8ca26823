/** Settings → Agent: pairing this computer with a Statusdesk agent. */
export default {
  agentSettings: {
    title: 'Agente',
    intro:
      'Un agente es Statusdesk funcionando en una máquina siempre encendida: envía las historias de las cuentas que se le entregan aunque este equipo esté apagado. Arráncalo con npm run agent; imprime un código de vinculación.',
    address: 'Dirección del agente',
    addressHint: 'En este equipo, por ejemplo http://127.0.0.1:8731. Para un agente en un servidor, abre antes un túnel SSH hacia él.',
    problems: {
      unreadable: 'Esto no es una dirección.',
      'not-http': 'El agente habla http:// en este equipo.',
      'not-loopback':
        'Solo se puede vincular un agente en este equipo (127.0.0.1, localhost): llega a uno en un servidor por un túnel SSH.',
      'has-path': 'Escribe solo la dirección, sin ruta.',
    },
    code: 'Código de vinculación',
    codeHint: 'El código que imprimió el agente: vale 10 minutos y 5 intentos.',
    deviceName: 'Nombre de este equipo',
    deviceNameHint: 'Cómo conocerá a este equipo quien opera el agente.',
    defaultDeviceName: 'Mi equipo',
    pair: 'Vincular',
    pairing: 'Vinculando…',
    pairedToast: 'Vinculado con el agente.',
    pairFailed: 'La vinculación falló: {message}',
    notPaired: 'Este equipo no está vinculado con un agente.',
    paired: 'Vinculado con {url} como «{name}» desde {at}.',
    reachable: 'El agente respondió a las {at}.',
    unreachable: 'No se puede llegar al agente: {message}',
    notAsked: 'Aún no se le ha preguntado en esta sesión.',
    noToken: 'El token del agente no está disponible en esta sesión: vincula de nuevo con un código nuevo.',
    storage: 'Token guardado: {storage}',
    check: 'Comprobar ahora',
    checking: 'Comprobando…',
    forget: 'Olvidar este agente',
    forgotten: 'Este equipo olvidó el agente.',
    forgetHint: 'Al olvidarlo se avisa antes al agente: desde entonces rechaza el token de este equipo.',
    forgetFailed: 'No se pudo olvidar el agente: {message}',
  },
}
