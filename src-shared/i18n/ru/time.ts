import type en from '../en/time'

export default {
  time: {
    momentAgo: 'только что',
    inAMoment: 'через несколько секунд',
    onDate: '{date}',
  },
} satisfies typeof en
