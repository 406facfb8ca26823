/**
 * What the groups cache, the sync, the participants list and the exports say when they fail.
 * Why a cache file or a page could not be read is a short code in the error's details or the
 * log; the user reads one of the few sentences below.
 */
export default {
  groupErrors: {
    groupGone: 'That group is not in the list any more (the last sync did not find it).',
    noAccount: 'Connect an account first: there are no groups to show yet.',
    notOnScreen: 'Open this account first (choose it in the account switcher): its groups are read only while a window shows it.',
    cache: {
      notOpened: 'The groups cache could not be opened.',
      notRead: 'The groups cache could not be read from disk.',
      notSaved:
        'The groups could not be saved to the cache on disk (is the disk full or the data folder read-only?). The previous cache is kept.',
      writeEnded: 'The groups could not be saved to the cache: its file had already been closed. The previous cache is kept.',
      recordDamaged: 'This group’s saved record is damaged on disk. The next sync will fetch it again.',
      recordUnreadable: 'The server sent this group in a form the app cannot show.',
      setAside: {
        damaged: 'The saved list of groups was damaged, so it was set aside. Statusdesk is downloading the groups again from the server.',
        newerVersion:
          'The saved list of groups was written by a newer version of Statusdesk, so it was set aside. Statusdesk is downloading the groups again.',
        olderFormat:
          'The saved list of groups is in an older format this version no longer reads, so it was set aside. Statusdesk is downloading the groups again.',
        otherAccount:
          'The saved list of groups belongs to another account, so it was set aside. Statusdesk is downloading this account’s groups again.',
      },
    },
    sync: {
      cancelled: 'The sync was cancelled.',
      internal: 'The sync failed inside Statusdesk. The details are in the log.',
      /** Said beside a failure whose details have `kept`: the list still shows the last complete sync. */
      kept: 'The groups shown are from the last complete sync.',
      keptChanging:
        'The account’s groups kept changing while they were being read, so no complete list could be taken. Try again in a moment.',
      endlessPaging: 'The server kept sending pages of groups past the end of the list, so the sync was stopped.',
      unreadablePage:
        'The server sent a page of groups (from group {first} on) that the app cannot read. Try syncing again in a few minutes.',
      pageReaderStopped: 'A page of groups could not be read because the app’s page reader stopped. Try syncing again.',
    },
    participants: {
      cacheNotRead: 'The people in your groups could not be listed: the groups cache could not be read.',
      syncedMeanwhile: 'The groups were synced again just now. Search again.',
      notReadBack: 'The people in your groups could not be listed: the list just built could not be read back. Search again to retry.',
      stillListing:
        'Statusdesk is still listing the people in your {count} group. Search again in a moment. | Statusdesk is still listing the people in your {count} groups. Search again in a moment.',
      notBuilt: 'The people in your groups could not be listed. Search again to retry; the next sync also rebuilds the list.',
      cancelled: 'The list of people was not built.',
    },
    export: {
      notWritten: 'The file could not be written. Choose another folder and try again.',
    },
  },
} as const
