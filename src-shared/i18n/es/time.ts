import type en from '../en/time'

export default {
  time: {
    momentAgo: 'hace un momento',
    inAMoment: 'en un momento',
    onDate: 'el {date}',
  },
} satisfies typeof en
