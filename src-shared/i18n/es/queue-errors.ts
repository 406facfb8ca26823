import type { Catalog } from '../types/catalog'
import type en from '../en/queue-errors'

export default {
  queueErrors: {
    noSlots:
      '{account} todavía no tiene cola de publicación. Indica sus horarios semanales en Ajustes › Cola de publicación o elige una hora con «Publicar a las…».',
    full: 'La cola de publicación de {account} no tiene ningún horario libre en el próximo año. Añade horarios en Ajustes › Cola de publicación o elige una hora con «Publicar a las…».',
    accountGone: 'Esta cuenta ya no está abierta, así que no se puede leer ni cambiar su cola de publicación.',
    zoneUnknown: 'Este equipo no conoce la zona horaria {zone}. Elige otra.',
    duplicateSlot: 'El mismo día y la misma hora aparecen dos veces en la cola. Quita uno de los dos y vuelve a guardar.',
    rangeTooLong: 'El calendario muestra como máximo 35 días de la cola a la vez.',
    notSaved: 'No se pudo guardar la cola de publicación en este equipo. Comprueba que el disco tenga espacio libre y vuelve a intentarlo.',
    move: {
      notASlot: 'Esa hora no es uno de los horarios de la cola de esta cuenta. Elige un horario de la lista.',
      passed: 'Ese horario ya pasó. Elige uno posterior.',
      notPlanned: 'Solo se puede mover una historia que todavía espera su hora.',
      slotBusy: 'La historia de ese horario se está enviando ahora, así que no pueden intercambiarse.',
      cannotSwap: 'Ese horario está ocupado y la hora de esta historia ya pasó, así que no pueden intercambiarse. Elige un horario libre.',
    },
  },
} satisfies Catalog<typeof en>
