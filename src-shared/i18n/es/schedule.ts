import type en from '../en/schedule'

/** Historias programadas: «Publicar a las…» en el editor, las historias planificadas, las notificaciones. */
export default {
  schedule: {
    publishAt: 'Publicar a las…',
    when: 'Fecha y hora',
    zone: 'Tu zona horaria: {zone}',
    gap: 'El reloj se salta esta hora (cambio de horario): se publicará el {time}.',
    ambiguous: 'Esta hora se repite esta noche (cambio de horario): se usa la primera.',
    past: 'Esa hora ya pasó. Elige una hora futura.',
    invalid: 'Elige una fecha y una hora.',
    scheduleButton: 'Programar',
    result: {
      scheduled: 'Programada',
      scheduledDetail: 'Se publicará el {when}. La app debe estar abierta entonces; al cerrar la ventana sigue en la bandeja del sistema.',
      openQueue: 'Ver historias planificadas',
    },
    title: 'Historias planificadas',
    intro:
      'Las historias salen a su hora mientras la app está abierta. Una historia cuya hora pasa con la app cerrada nunca se envía tarde sin ti.',
    empty: 'No hay ninguna historia planificada.',
    count: 'Ninguna historia planificada | {count} historia planificada | {count} historias planificadas',
    views: {
      list: 'Lista',
      week: 'Semana',
    },
    states: {
      scheduled: 'Programada',
      missed: 'Se pasó su hora',
    },
    due: 'Sale el {when}',
    missedHelp: 'Su hora pasó {ago} con la app cerrada (o el ordenador en reposo). No se envió: envíala ahora, reprográmala o cancélala.',
    actions: {
      edit: 'Editar',
      reschedule: 'Reprogramar',
      duplicate: 'Duplicar',
      cancel: 'Cancelar historia',
      sendNow: 'Enviar ahora',
      save: 'Guardar',
      close: 'Cerrar',
    },
    caption: 'Texto',
    confirmCancel: '¿Cancelar esta historia planificada? No se publicará.',
    week: {
      previous: 'Semana anterior',
      next: 'Semana siguiente',
      thisWeek: 'Esta semana',
      range: '{from} – {to}',
      none: 'Nada este día',
    },
    notify: {
      allow: 'Mostrar notificaciones cuando se publiquen las historias planificadas',
      allowed: 'Las notificaciones de historias planificadas están activadas.',
      denied: 'El navegador bloquea las notificaciones de esta página.',
      published: 'Historia publicada',
      failed: 'Historia no publicada',
      unknown: 'Resultado de la historia desconocido',
      missed: 'Una historia planificada se pasó de su hora',
      publishedBody: 'Tu historia planificada o en cola ya está publicada.',
      failedBody: 'El servidor la rechazó. Abre la bandeja de salida para enviarla de nuevo o descartarla.',
      unknownBody: 'No llegó respuesta: revisa la cuenta y decide en la bandeja de salida.',
      missedBody: 'No se envió tarde. Abre la bandeja de salida para enviarla ahora, reprogramarla o cancelarla.',
      onAccount: {
        published: 'Historia publicada en {account}',
        failed: 'Historia no publicada en {account}',
        unknown: 'Resultado desconocido de una historia en {account}',
        missed: 'Una historia planificada en {account} se pasó de su hora',
      },
    },
    lateSend: {
      title: 'Historias con retraso',
      label: 'Enviar una historia planificada con un retraso menor de',
      minutes: 'minutos',
      help: '0 lo desactiva: una historia que encuentra pasada su hora siempre te espera.',
    },
  },
} satisfies typeof en
