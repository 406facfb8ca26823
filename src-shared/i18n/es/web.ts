import type en from '../en/web'

export default {
  webSession: {
    title: 'Abre Statusdesk desde la dirección que aparece en la terminal',
    body: 'Esta dirección no lleva el enlace secreto del Statusdesk en ejecución, así que no se le dio acceso. Los marcadores y pestañas de un inicio anterior no lo tienen, a propósito. Ve a la terminal donde ejecutaste npm run start:web y abre la dirección completa que aparece allí (termina en #secret=…).',
    reload: 'Recargar',
  },
} satisfies typeof en
