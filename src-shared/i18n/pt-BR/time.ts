import type en from '../en/time'

export default {
  time: {
    momentAgo: 'há um instante',
    inAMoment: 'em instantes',
    onDate: 'em {date}',
  },
} satisfies typeof en
