import type { Catalog } from '../types/catalog'
import type en from '../en/insights-errors'

export default {
  insightsErrors: {
    timeZone: 'La zona horaria {zone} no se conoce en este equipo. Elige otra.',
    noAccount: 'Esta cuenta ya no está abierta, así que no se pueden leer sus estadísticas.',
    storyNotFound: 'Esta historia no está entre las estadísticas de la cuenta: puede ser más antigua que los días que Statusdesk conserva.',
    export: {
      title: 'Exportar estadísticas',
      notWritten: 'No se pudo escribir el archivo. Elige otra carpeta y vuelve a intentarlo.',
    },
  },
} satisfies Catalog<typeof en>
