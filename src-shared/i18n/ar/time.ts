import type en from '../en/time'

export default {
  time: {
    momentAgo: 'قبل لحظات',
    inAMoment: 'بعد لحظات',
    onDate: 'في {date}',
  },
} satisfies typeof en
