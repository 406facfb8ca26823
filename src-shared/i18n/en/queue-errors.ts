/** What main says about the posting queue: planning a story in a slot, moving it, the queue's settings. */
export default {
  queueErrors: {
    noSlots: '{account} has no posting queue yet. Set its weekly times in Settings › Posting queue, or choose a time with “Publish at…”.',
    full: 'The posting queue of {account} has no free time in the coming year. Add times in Settings › Posting queue, or choose a time with “Publish at…”.',
    accountGone: 'This account is no longer open, so its posting queue cannot be read or changed.',
    zoneUnknown: 'The time zone {zone} is not known on this computer. Choose another one.',
    duplicateSlot: 'The same day and time is in the queue twice. Remove one of them and save again.',
    rangeTooLong: 'The calendar shows at most 35 days of the queue at a time.',
    notSaved: 'The posting queue could not be saved on this computer. Check that the disk has free space, then try again.',
    move: {
      notASlot: 'That time is not one of this account’s queue slots. Choose a slot from the list.',
      passed: 'That slot has already passed. Choose a later one.',
      notPlanned: 'Only a story still waiting for its time can be moved.',
      slotBusy: 'The story in that slot is being sent now, so the two cannot change places.',
      cannotSwap: 'That slot is taken and this story’s own time has passed, so the two cannot change places. Choose a free slot.',
    },
  },
} as const
