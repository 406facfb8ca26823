import type en from '../en/web'

export default {
  webSession: {
    title: 'Abra o Statusdesk pelo endereço mostrado no terminal',
    body: 'Este endereço não traz o link secreto do Statusdesk em execução, por isso o acesso foi negado. Favoritos e abas de uma execução anterior não o têm, de propósito. Vá ao terminal onde você rodou npm run start:web e abra o endereço completo mostrado lá (ele termina com #secret=…).',
    reload: 'Recarregar',
  },
} satisfies typeof en
