/**
 * What main says about a story's media (files, addresses, their checks), the saved audiences,
 * styles and drafts, and the stories feed.
 */
export default {
  mediaErrors: {
    file: {
      unopenable: 'The file “{file}” could not be opened. Check that it still exists and can be read.',
      incomplete: 'The file “{file}” could not be read completely. Try choosing it again.',
      tooLarge: 'The file is larger than {limit}, the most a story can carry.',
      notReceived: 'The file could not be received. Try sending it again.',
    },
    check: {
      imageTooLarge: 'Images can be at most {limit}; this one is {size}. Choose a smaller file, or raise the limit in Settings.',
      videoTooLarge: 'Videos can be at most {limit}; this one is {size}. Choose a smaller file, or raise the limit in Settings.',
      audioTooLarge: 'Audio files can be at most {limit}; this one is {size}. Choose a smaller file, or raise the limit in Settings.',
      videoTooLong:
        'Videos can be at most {count} second long; this one lasts {seconds}. Trim it, or raise the limit in Settings. | Videos can be at most {count} seconds long; this one lasts {seconds}. Trim it, or raise the limit in Settings.',
      unusable: 'This media cannot be used for a story.',
    },
    probe: {
      unrecognised:
        'The file is not a picture, a video or a sound the app recognises. A story can carry an image ({images}), a video ({videos}) or audio ({audio}).',
      wrongType:
        'This file is {format} ({type}), which stories do not take. A story can carry an image ({images}), a video ({videos}) or audio ({audio}).',
      imageDamaged: 'The image could not be read: it may be damaged.',
      videoDamaged: 'The video’s length could not be read: the file may be damaged.',
      audioDamaged: 'The audio could not be read: the file may be damaged.',
    },
    url: {
      notAnAddress: 'That is not a web address. It should start with {prefix}',
      notHttp: 'Only addresses starting with {http} or {https} can be used for media.',
      credentials: 'The address must not carry a user name or password.',
      brokenEscape: 'The address has a “%” that is not followed by two hexadecimal digits. Check the address.',
      unreachable: '{host} could not be reached. Check the address, and the internet connection.',
      refused: 'The address answered with status {status}; no media could be fetched from it.',
    },
    csv: {
      unreadable: 'This file cannot be read as CSV.',
      unreadableAt: 'This file cannot be read as CSV: the problem is on line {line}.',
      noRows: 'This file has no rows.',
      noColumn: 'This file has no column {column}.',
      tooManyNumbers:
        'An audience holds at most {count} number; this column has {found}. | An audience holds at most {count} numbers; this column has {found}.',
    },
    library: {
      noNumbers: 'None of these is a phone number (7 to 15 digits), so there is nothing to save.',
      audienceGone: 'That audience is no longer saved.',
      tooManyAudiences:
        'At most {count} audience can be saved. Delete one first. | At most {count} audiences can be saved. Delete one first.',
      tooManyStyles: 'At most {count} style can be saved. Delete one first. | At most {count} styles can be saved. Delete one first.',
    },
    drafts: {
      noAccount: 'Connect an account first (Accounts), then save drafts.',
      accountClosed: 'The account this draft belongs to is no longer open, so the draft was not saved.',
      draftGone: 'That draft is no longer saved.',
      tooMany: 'At most {count} draft can be kept. Delete one first. | At most {count} drafts can be kept. Delete one first.',
    },
    feed: {
      noAccount: 'Connect an account first (Accounts) to see its stories.',
      unreadable: 'The stories could not be read.',
      storiesCancelled: 'The stories sync was cancelled.',
      contactsCancelled: 'The contacts read was cancelled.',
    },
    clipboard: {
      webMode: 'In the browser, the page copies with the browser’s own clipboard.',
    },
  },
} as const
