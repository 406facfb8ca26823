import type en from '../en/schedule'

/** Status agendados: "Publicar às…" no editor, os status planejados, as notificações. */
export default {
  schedule: {
    publishAt: 'Publicar às…',
    when: 'Data e hora',
    zone: 'Seu fuso horário: {zone}',
    gap: 'O relógio pula este horário (horário de verão): será publicado em {time}.',
    ambiguous: 'Este horário acontece duas vezes esta noite (horário de verão): vale o primeiro.',
    past: 'Esse horário já passou. Escolha um horário no futuro.',
    invalid: 'Escolha uma data e um horário.',
    scheduleButton: 'Agendar',
    result: {
      scheduled: 'Agendado',
      scheduledDetail:
        'Será publicado em {when}. O app precisa estar aberto nesse momento; fechar a janela o mantém na bandeja do sistema.',
      openQueue: 'Ver status planejados',
    },
    title: 'Status planejados',
    intro:
      'Os status saem no horário enquanto o app está aberto. Um status cujo horário passa com o app fechado nunca é enviado atrasado sem você.',
    empty: 'Nenhum status planejado.',
    count: 'Nenhum status planejado | {count} status planejado | {count} status planejados',
    views: {
      list: 'Lista',
      week: 'Semana',
    },
    states: {
      scheduled: 'Agendado',
      missed: 'Perdeu o horário',
    },
    due: 'Sai em {when}',
    missedHelp:
      'O horário passou {ago} com o app fechado (ou o computador em repouso). Ele não foi enviado: envie agora, reagende ou cancele.',
    actions: {
      edit: 'Editar',
      reschedule: 'Reagendar',
      duplicate: 'Duplicar',
      cancel: 'Cancelar status',
      sendNow: 'Enviar agora',
      save: 'Salvar',
      close: 'Fechar',
    },
    caption: 'Legenda',
    confirmCancel: 'Cancelar este status planejado? Ele não será publicado.',
    week: {
      previous: 'Semana anterior',
      next: 'Próxima semana',
      thisWeek: 'Esta semana',
      range: '{from} – {to}',
      none: 'Nada neste dia',
    },
    notify: {
      allow: 'Mostrar notificações quando os status planejados forem publicados',
      allowed: 'As notificações de status planejados estão ativadas.',
      denied: 'O navegador bloqueia as notificações desta página.',
      published: 'Status publicado',
      failed: 'Status não publicado',
      unknown: 'Resultado do status desconhecido',
      missed: 'Um status planejado perdeu o horário',
      publishedBody: 'Seu status planejado ou na fila já está no ar.',
      failedBody: 'O servidor recusou. Abra a caixa de saída para enviar de novo ou descartar.',
      unknownBody: 'Nenhuma resposta voltou: confira a conta e decida na caixa de saída.',
      missedBody: 'Ele não foi enviado atrasado. Abra a caixa de saída para enviar agora, reagendar ou cancelar.',
      onAccount: {
        published: 'Status publicado em {account}',
        failed: 'Status não publicado em {account}',
        unknown: 'Resultado de um status desconhecido em {account}',
        missed: 'Um status planejado em {account} perdeu o horário',
      },
    },
    lateSend: {
      title: 'Status atrasados',
      label: 'Enviar um status planejado atrasado em menos de',
      minutes: 'minutos',
      help: '0 desativa: um status encontrado depois do horário sempre espera por você.',
    },
  },
} satisfies typeof en
