import type en from '../en/time'

export default {
  time: {
    momentAgo: 'beberapa saat lalu',
    inAMoment: 'sebentar lagi',
    onDate: 'pada {date}',
  },
} satisfies typeof en
