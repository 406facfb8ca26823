import type { Catalog } from '../types/catalog'
import type en from '../en/queue'

export default {
  queue: {
    settings: {
      title: 'Cola de publicación',
      intro:
        'Las historias que añades a la cola salen en el próximo horario libre de abajo. Cada cuenta tiene sus propios horarios; las historias ya planificadas conservan el suyo si los cambias.',
      account: 'Cuenta',
      zone: 'Zona horaria',
      zoneHelp: 'Los horarios se leen en el reloj de {zone}, con el horario de verano incluido.',
      computerZone: 'Este equipo usa {zone}.',
      useComputerZone: 'Usar {zone}',
      table: 'Horarios de la cola por día de la semana',
      time: 'Hora',
      slot: '{day} a las {time}',
      weekdays: 'Lun–Vie',
      everyDay: 'Todos los días',
      weekdaysFor: 'De lunes a viernes a las {time}',
      everyDayFor: 'Todos los días a las {time}',
      removeFor: 'Quitar {time}',
      newTime: 'Nueva hora',
      addTime: 'Añadir hora',
      timeExists: 'Esta hora ya está en la lista.',
      empty: 'Todavía no hay horarios. Añade una hora y elige sus días.',
      count: 'Ningún horario a la semana | {count} horario a la semana | {count} horarios a la semana',
      saved: 'Cola de publicación guardada',
      loading: 'Leyendo la cola…',
    },
    add: {
      button: 'Añadir a la cola',
      title: 'Añadir a la cola de publicación',
      intro: 'La historia de cada cuenta sale en el próximo horario libre de esa cuenta:',
      none: 'sin horario libre: configura su cola en Ajustes',
      noneAtAll: 'Ninguna de estas cuentas tiene un horario libre en su cola.',
      looking: 'Buscando los próximos horarios libres…',
      confirm: 'Añadir a la cola',
      cancel: 'Cancelar',
      openSettings: 'Configurar horarios',
    },
    calendar: {
      free: 'Horario libre',
      taken: 'Horario ocupado',
      inQueue: 'En la cola',
      moveTo: 'Mover a…',
      moveLabel: 'Mover esta historia a otro horario',
      moveFree: 'libre',
      moveSwap: 'intercambia el lugar con «{caption}»',
      moveNone: 'No hay otro horario en las próximas cuatro semanas.',
      loading: 'Leyendo los horarios…',
    },
  },
} satisfies Catalog<typeof en>
