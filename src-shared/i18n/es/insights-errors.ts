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
      agentAway:
        'El agente en {url} no responde, así que las cuentas que funcionan en él no se pueden exportar tal como están ahora. No se escribió nada: vuelve a intentarlo cuando el agente responda.',
    },
  },
} satisfies Catalog<typeof en>
