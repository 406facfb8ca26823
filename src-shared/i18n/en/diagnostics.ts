/** Settings → Diagnostics (log folder, copy diagnostics) and Settings → Updates. */
export default {
  diagnostics: {
    title: 'Diagnostics',
    intro: 'When something goes wrong, the log and a diagnostics report help to find out why.',
    logFolder: 'Log folder',
    noLogFolder: 'This run writes no log file.',
    copyLogFolder: 'Copy the folder path',
    copy: 'Copy diagnostics',
    copying: 'Collecting…',
    copied: 'Diagnostics copied to the clipboard.',
    folderCopied: 'Log folder path copied.',
    copyFailed: 'The diagnostics could not be copied: {message}',
    contents: 'Versions, system, how tokens are kept, settings and disk use. Never a token, a phone number or a chat.',
    preview: 'Show what is copied',
    loading: 'Collecting the report…',
    loadFailed: 'The report could not be made: {message}',
  },
  updates: {
    title: 'Updates',
    intro:
      'Statusdesk takes updates from the address it was built with, and only while updates are on. A different address is used only after you accept it in the dialog Statusdesk shows.',
    enabled: 'Check for updates and install them when Statusdesk quits',
    needsFeed: 'Enter an update address first.',
    feed: 'Update address',
    feedPlaceholder: 'https://updates.example.com/statusdesk/',
    feedHint: 'Given by whoever distributes Statusdesk to you. Leave it empty to keep updates off.',
    save: 'Save address',
    saved: 'Update address saved. Statusdesk asks you to accept it before using it.',
    notHttps: 'Enter an address starting with https://',
    saveFailed: 'The update setting could not be saved: {message}',
    desktopOnly: 'Updates apply to the installed desktop app.',
  },
}
