import type { Catalog } from '../types/catalog'
import type en from '../en/queue'

export default {
  queue: {
    settings: {
      title: 'Fila de publicação',
      intro:
        'Os status que você adiciona à fila saem no próximo horário livre abaixo. Cada conta tem seus próprios horários; status já planejados mantêm o deles quando você os altera.',
      account: 'Conta',
      zone: 'Fuso horário',
      zoneHelp: 'Os horários são lidos no relógio de {zone}, com o horário de verão incluído.',
      computerZone: 'Este computador está em {zone}.',
      useComputerZone: 'Usar {zone}',
      table: 'Horários da fila por dia da semana',
      time: 'Horário',
      slot: '{day} às {time}',
      weekdays: 'Seg–Sex',
      everyDay: 'Todos os dias',
      weekdaysFor: 'De segunda a sexta às {time}',
      everyDayFor: 'Todos os dias às {time}',
      removeFor: 'Remover {time}',
      newTime: 'Novo horário',
      addTime: 'Adicionar horário',
      timeExists: 'Este horário já está na lista.',
      empty: 'Ainda não há horários. Adicione um horário e escolha os dias.',
      count: 'Nenhum horário por semana | {count} horário por semana | {count} horários por semana',
      saved: 'Fila de publicação salva',
      loading: 'Lendo a fila…',
    },
    add: {
      button: 'Adicionar à fila',
      title: 'Adicionar à fila de publicação',
      intro: 'O status de cada conta sai no próximo horário livre dessa conta:',
      none: 'sem horário livre: defina a fila em Configurações',
      noneAtAll: 'Nenhuma destas contas tem um horário livre na fila.',
      looking: 'Procurando os próximos horários livres…',
      confirm: 'Adicionar à fila',
      cancel: 'Cancelar',
      openSettings: 'Definir horários',
    },
    calendar: {
      free: 'Horário livre',
      taken: 'Horário ocupado',
      inQueue: 'Na fila',
      moveTo: 'Mover para…',
      moveLabel: 'Mover este status para outro horário',
      moveFree: 'livre',
      moveSwap: 'troca de lugar com “{caption}”',
      moveNone: 'Nenhum outro horário nas próximas quatro semanas.',
      loading: 'Lendo os horários…',
    },
  },
} satisfies Catalog<typeof en>
