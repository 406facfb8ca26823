import type { Catalog } from '../types/catalog'
import type en from '../en/queue-errors'

export default {
  queueErrors: {
    noSlots:
      '{account} ainda não tem fila de publicação. Defina os horários semanais em Configurações › Fila de publicação ou escolha um horário com “Publicar às…”.',
    full: 'A fila de publicação de {account} não tem nenhum horário livre no próximo ano. Adicione horários em Configurações › Fila de publicação ou escolha um horário com “Publicar às…”.',
    accountGone: 'Esta conta não está mais aberta, então a fila de publicação dela não pode ser lida nem alterada.',
    zoneUnknown: 'Este computador não conhece o fuso horário {zone}. Escolha outro.',
    duplicateSlot: 'O mesmo dia e horário aparecem duas vezes na fila. Remova um deles e salve de novo.',
    rangeTooLong: 'O calendário mostra no máximo 35 dias da fila de cada vez.',
    notSaved: 'Não foi possível salvar a fila de publicação neste computador. Verifique se o disco tem espaço livre e tente de novo.',
    move: {
      notASlot: 'Esse horário não é um dos horários da fila desta conta. Escolha um horário da lista.',
      passed: 'Esse horário já passou. Escolha um posterior.',
      notPlanned: 'Só é possível mover um status que ainda está esperando o horário dele.',
      slotBusy: 'O status desse horário está sendo enviado agora, então os dois não podem trocar de lugar.',
      cannotSwap:
        'Esse horário está ocupado e o horário deste status já passou, então os dois não podem trocar de lugar. Escolha um horário livre.',
    },
  },
} satisfies Catalog<typeof en>
