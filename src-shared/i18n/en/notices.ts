/**
 * What main tells the user of its own accord: a damaged file set aside (one sentence per file,
 * since each names its file and says what happens next), a settings or accounts file recovered
 * at start-up, and updates.
 */
export default {
  notices: {
    setAside: {
      groupsSnapshot: 'The saved list of groups could not be read and was set aside. It is read again from the server.',
      outboxItem:
        'A story in the outbox could not be read and was set aside. Open Outbox › Set-aside files to look at it, restore what can be read, or discard it.',
      history:
        'The list of published stories could not be read and was set aside. Open Outbox › Set-aside files to look at it, restore what can be read, or discard it.',
      composerDraft:
        'The saved draft could not be read and was set aside. Open Outbox › Set-aside files to look at it, restore what can be read, or discard it.',
      savedDrafts:
        'The saved drafts could not be read and were set aside. Open Outbox › Set-aside files to look at them, restore what can be read, or discard them.',
      storiesFeed: 'The list of the account’s stories could not be read and was set aside. It is read again from the server.',
      contacts: 'The contact names could not be read and were set aside. They are read again from the server.',
      audiences:
        'The saved audiences could not be read and were set aside. Open Outbox › Set-aside files to look at them, restore what can be read, or discard them.',
      styles:
        'The saved styles could not be read and were set aside. Open Outbox › Set-aside files to look at them, restore what can be read, or discard them.',
      updateFeeds:
        'The accepted update addresses could not be read and were set aside; the list starts empty, so an update address is asked about again before it is used.',
      postingQueue:
        'The posting queue’s weekly times could not be read and were set aside; the queue starts empty. Set its times again in Settings › Posting queue.',
      insightsLive:
        'The insights of the stories still being followed could not be read and were set aside. Their list starts empty, and counting goes on with the stories still live.',
      insightsArchive:
        'The saved insights of the account’s expired stories could not be read and were set aside. The archive starts empty and fills again as stories expire.',
      file: 'A file of the app could not be read and was set aside.',
    },
    recoveryReasons: {
      settingsNewer:
        'The settings were written by a newer version of Statusdesk (layout {version}); the values this version knows are used.',
      settingsRejected: 'These settings were not understood and are back to their defaults: {fields}.',
      accountsNewer: 'The accounts were written by a newer version of Statusdesk.',
      accountsDropped: '{count} entry could not be read and is left out. | {count} entries could not be read and are left out.',
    },
    recovery: {
      settingsCopied:
        'The saved settings could not all be read, so those that could not are back to their defaults. The file as it was is kept as {file} in the app’s data folder.',
      settingsInMemory:
        'The settings file could not be opened, so the settings are back to their defaults, and changes will not be kept after you quit Statusdesk.',
      accountsCopied:
        'The saved accounts could not all be read, so those that could not are left out: connect them again to get them back with their data. The file as it was is kept as {file} in the app’s data folder.',
      accountsInMemory:
        'The accounts file could not be opened, so no accounts are listed, and changes will not be kept after you quit Statusdesk.',
    },
    updates: {
      ready: 'Statusdesk {version} is ready and will be installed when you quit the app.',
      offFeed: 'Update {version} was not downloaded: its files are not on the update address ({host}).',
      feedRefused: 'The update address {host} was not accepted, so it is not used.',
      manualNoPublisher:
        'Statusdesk {version} is available from {host}. It is not installed automatically because this Windows build names no publisher, so the installer’s signature cannot be checked: install it yourself.',
      manualUnsigned:
        'Statusdesk {version} is available from {host}. It is not installed automatically because AppImage and deb updates carry no signature the app can check: install it yourself.',
    },
  },
} as const
