/**
 * What can go wrong with accounts and the app's own data: the list of accounts, connecting,
 * keeping tokens, the demo, an account's folder, and saving the settings.
 */
export default {
  accountErrors: {
    list: {
      notFound: 'That account is no longer in the list.',
      notSaved: 'The accounts could not be saved to disk. Check that the app’s data folder is writable and has free space.',
      dataNotRemoved:
        'The account was signed out, but its cached data could not be deleted. Close other programs using the app’s data folder and try again.',
    },
    connect: {
      otherChannel:
        'This token belongs to another channel ({channel}) than “{label}” ({knownChannel}). Add it as a new account instead, so the two channels’ groups and stories stay apart.',
    },
    storage: {
      keyringAvailable: 'The system keyring is available, so the token is stored encrypted by it (or kept for this session only).',
      choiceNeeded:
        'This system offers no keyring to encrypt the token. Choose to keep it for this session only, or to store it with weak protection.',
      encryptFailed:
        'The system keyring could not encrypt the token. Choose to keep it for this session only, or store it with weak protection.',
      decryptFailed:
        'The system keyring could not decrypt this account’s token (the keyring may have been reset or is locked). Enter the token again.',
      unknownFormat: 'This account’s token is stored in a form this version cannot read. Enter the token again.',
    },
    tokenNeeded: {
      named:
        'The token of “{label}” is not available in this session. Enter it again to sync or publish; the cached groups and history stay readable meanwhile.',
      unnamed:
        'This account’s token is not available in this session. Enter it again to sync or publish; the cached groups and history stay readable meanwhile.',
    },
    demo: {
      notStarted: 'The demo could not be started on this computer.',
    },
    workspace: {
      closed: 'That account is no longer open.',
      setAsideGone: 'That set-aside file is no longer there.',
    },
    settings: {
      invalidValue: 'That setting cannot be saved: the value given for {field} is not allowed.',
      feedNotHttps: 'The update address must be an https:// address, without a user name or password.',
      notSaved: 'The settings could not be saved to disk. Check that the app’s data folder is writable and has free space.',
    },
  },
} as const
