/**
 * The words around a relative time inside a sentence that Intl does not give: its "now" reads
 * wrongly there ("Its time passed now"), and a date needs the language's "on".
 */
export default {
  time: {
    momentAgo: 'a moment ago',
    inAMoment: 'in a moment',
    onDate: 'on {date}',
  },
}
