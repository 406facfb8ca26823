/**
 * What main says about publishing stories, the outbox and its schedule, and restoring set-aside
 * files. Each text is a whole sentence; a story refused for several problems carries the first
 * as its text and the others' texts in `details.more`.
 */
export default {
  storyErrors: {
    /** One problem of a story main refused, the field named, so it reads on its own. */
    issues: {
      textEmpty: 'A text story needs some text.',
      textTooLong: 'The text is too long: {length} characters, at most {max}.',
      captionTooLong: 'The caption is too long: {length} characters, at most {max}.',
      backgroundInvalid: 'The background colour “{value}” is not a colour written #AARRGGBB.',
      colorInvalid: 'The text colour “{value}” is not a colour written #AARRGGBB.',
      backgroundTransparent: 'The background is fully transparent; pick a visible colour.',
      contrastLow: 'The text is hard to read on this background (contrast {ratio}:1).',
      mediaMissing: 'Choose an image, a video or an audio file.',
      mediaGone: 'The chosen file is no longer available; choose it again.',
      previewInvalid: 'The preview picture is not a small JPEG. Choose the file again.',
      contactsEmpty: 'Choose at least one contact, or publish to everyone.',
      contactInvalid:
        'Among the contacts, “{value}” is not a phone number of 7 to 15 digits (country code first). | Among the contacts, “{value}” and {count} other entry are not phone numbers of 7 to 15 digits (country code first). | Among the contacts, “{value}” and {count} other entries are not phone numbers of 7 to 15 digits (country code first).',
      excludedInvalid:
        'Among the excluded contacts, “{value}” is not a phone number of 7 to 15 digits (country code first). | Among the excluded contacts, “{value}” and {count} other entry are not phone numbers of 7 to 15 digits (country code first). | Among the excluded contacts, “{value}” and {count} other entries are not phone numbers of 7 to 15 digits (country code first).',
      tooManyContacts: 'At most {max} contacts can be chosen.',
      tooManyExcluded: 'At most {max} contacts can be excluded.',
    },
    publish: {
      notAccepted: 'The story was not sent: part of it is not in a form the server accepts. Check the story and try again.',
      failed: 'Something went wrong while publishing to this account.',
      noAccount: 'Connect an account first (Accounts), then publish.',
      accountGone: 'That account is no longer in the list.',
      cancelled: 'Cancelled before it was sent.',
      repostNotFound: 'That story is not among the account’s stories: sync the Stories view first.',
      noFileDialog: 'There is no file dialog here: choose the file in the page.',
      noViewers: 'No viewers have been read for this story yet.',
    },
    outbox: {
      waiting: 'The story is waiting in the outbox.',
      offline: 'There is no connection right now. The story waits in the outbox and goes out by itself when the connection returns.',
      behindEarlier: 'The story waits in the outbox behind earlier stories and goes out after them.',
      unknownAfterStop:
        'The app stopped while this story was being sent, so it cannot tell whether it was published. Check the account’s status, then mark it as sent, send it again or discard it.',
      unknownAfterRestore:
        'Restored from a damaged file: it may or may not have been published. Check the account, then send it again, mark it as sent or discard it.',
      unknownAfterFailure:
        'Something went wrong while the story was being sent, so the app cannot tell whether it was published. Check the account’s status before publishing it again.',
      itemGone: 'That story is no longer in the outbox.',
      beingSent: 'That story is being sent right now. Wait for the result.',
      unknownNotListed:
        'The server did not list this story when it was checked ({at}), so it may not have been published. Check the account, then send it again, mark it as sent or discard it.',
      slotTaken: 'Another story is already planned at that time in this account’s posting queue. Pick another slot.',
      requestTaken: 'This story is already in the outbox.',
      changedMeanwhile: 'That story changed meanwhile: it was edited, sent or discarded elsewhere. Look at it again before changing it.',
      sendNowOnly: 'Only a waiting, planned or failed story can be sent from here; for an unknown outcome choose “Send again”.',
      sendAgainOnly: 'Only a story whose outcome is unknown or that failed can be sent again.',
      markSentOnly: 'Only a story whose outcome is unknown can be marked as sent.',
      mediaNotReady: 'The story’s media could not be made ready to upload. Nothing was published; the app tries again.',
      unreadable: 'The outbox could not be read from disk.',
      /** The outbox writes a story before anything leaves: one it could not write was never sent. */
      notWritten: {
        readOnly:
          'The story was not sent: it could not be written to the outbox because the app’s data folder is read-only. Nothing left this computer, and the story is still in the composer.',
        full: 'The story was not sent: it could not be written to the outbox because the disk is full. Nothing left this computer, and the story is still in the composer.',
        refused:
          'The story was not sent: it could not be written to the outbox because the disk refused the write ({errno}). Nothing left this computer, and the story is still in the composer.',
      },
    },
    schedule: {
      timePassed: 'That time has already passed. Pick a time in the future.',
      notPlanned: 'Only a story that is still planned can be changed.',
      pickNewTime: 'Its time has passed: pick a new time.',
      repostNoDuplicate: 'A repost cannot be duplicated.',
      repostNoCaption: 'A repost has no caption to edit.',
      captionInvalid: 'The caption cannot be used as it is. Change it and try again.',
    },
    setAside: {
      cannotOpen: 'Nothing in this file can be read back: it cannot be opened. You can discard it.',
      notReadable: 'Nothing in this file can be read back: it is damaged, or it was not written by the app. You can discard it.',
      nothingComplete: 'Nothing in this file is complete enough to restore. You can discard it.',
      gone: 'That set-aside file is no longer there.',
      cacheOnly: 'This is read again from the server; it can only be discarded.',
      draftInComposer: 'A draft is being written in the composer. Publish or clear it first, then restore this one.',
      sameId: 'A story with the same id is in the outbox already.',
    },
    notices: {
      outboxUnreadable: 'The outbox could not be read. Stories cannot be queued until the app is restarted.',
      missed:
        'A scheduled story’s time on “{account}” passed before it could be sent. It was not sent late: open the Outbox to send it now, reschedule or cancel it. | {count} scheduled stories’ times on “{account}” passed before they could be sent. They were not sent late: open the Outbox to decide for each.',
    },
  },
} as const
