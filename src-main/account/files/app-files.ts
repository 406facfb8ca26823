import { MediaGrantSchema } from '@shared/story/media-facts'
import { binaryFile, folder, jsonFile, type FileDecl } from './file-registry'
import { AgentLinkFileSchema } from './formats/agent-link'
import { AgentCommandsFileSchema, AgentViewsFileSchema } from './formats/agent-views'
import { HandoverJournalSchema, HandoversLeftFileSchema, HostedAccountsFileSchema } from './formats/hosted-accounts'
import { AcceptedFeedsFileSchema, AudiencesFileSchema, StylesFileSchema } from './formats/story-files'

/** The folder every account's own folder is in, `<data dir>/accounts/<id>/` (account-files.ts names what is inside). */
export const ACCOUNTS_DIR = 'accounts'

/**
 * Every file the app keeps in its data folder besides the account folders, declared once. The
 * settings and accounts stores are written by electron-store (conf in web mode), which keeps
 * its own temps; the logs are rotated by the logger.
 */
export const APP_FILES = {
  settings: binaryFile({
    path: 'settings.json',
    kind: 'store',
    atomic: false,
    what: 'settings (theme, language, sync, story limits, updates), with versioned migrations',
    writtenBy: 'features/settings (electron-store / conf)',
    setAside: { kind: null, suffixes: ['unreadable', 'newer'], restorable: false, notice: null },
  }),
  accounts: binaryFile({
    path: 'accounts.json',
    kind: 'store',
    atomic: false,
    what: 'accounts: label, base URL, the token sealed by the keyring (or as the user chose); on an agent sharing a database, how far it read the shared list',
    writtenBy: 'account/accounts (electron-store / conf)',
    setAside: { kind: null, suffixes: ['unreadable', 'newer'], restorable: false, notice: null },
  }),
  audiences: jsonFile({
    path: 'audiences.json',
    kind: 'atomic-json',
    schema: AudiencesFileSchema,
    what: 'saved audiences, for every account; those the stories of a hand-over name are copied to the other side with them',
    writtenBy: 'features/stories/library',
    setAside: { kind: 'audiences', suffixes: ['corrupt'], restorable: true, notice: 'notices.setAside.audiences' },
  }),
  styles: jsonFile({
    path: 'story-styles.json',
    kind: 'atomic-json',
    schema: StylesFileSchema,
    what: 'saved text styles, for every account',
    writtenBy: 'features/stories/library',
    setAside: { kind: 'styles', suffixes: ['corrupt'], restorable: true, notice: 'notices.setAside.styles' },
  }),
  updateFeeds: jsonFile({
    path: 'update-feeds.json',
    kind: 'atomic-json',
    schema: AcceptedFeedsFileSchema,
    what: 'update addresses the user accepted (desktop app only)',
    writtenBy: 'features/updates',
    setAside: { kind: null, suffixes: ['corrupt'], restorable: false, notice: 'notices.setAside.updateFeeds' },
  }),
  agentLink: jsonFile({
    path: 'agent.json',
    kind: 'atomic-json',
    schema: AgentLinkFileSchema,
    what: 'the agent this desktop is paired with: its address, this device’s name, and the device token sealed by the keyring (or as the user chose)',
    writtenBy: 'features/agent',
    setAside: { kind: null, suffixes: ['corrupt'], restorable: false, notice: null },
  }),
  hostedAccounts: jsonFile({
    path: 'agent-accounts.json',
    kind: 'atomic-json',
    schema: HostedAccountsFileSchema,
    what: 'the accounts handed over to the paired agent: the agent’s id for each, the hand-over that moved it, and since when',
    writtenBy: 'features/agent',
    setAside: { kind: null, suffixes: ['corrupt'], restorable: false, notice: null },
  }),
  agentViews: jsonFile({
    path: 'agent-views.json',
    kind: 'atomic-json',
    schema: AgentViewsFileSchema,
    what: 'the last outbox, planned, history, queue and insights answers the agent gave for each hosted account, with when, shown while it does not answer',
    writtenBy: 'features/agent',
    setAside: { kind: null, suffixes: ['corrupt'], restorable: false, notice: null },
  }),
  agentCommands: jsonFile({
    path: 'agent-commands.json',
    kind: 'atomic-json',
    schema: AgentCommandsFileSchema,
    what: 'edits, cancels and send-now made on hosted accounts while the agent did not answer, each with the revision it was made on, sent in order when it answers',
    writtenBy: 'features/agent',
    setAside: { kind: null, suffixes: ['corrupt'], restorable: false, notice: null },
  }),
  handovers: jsonFile({
    path: 'handovers.json',
    kind: 'atomic-json',
    schema: HandoverJournalSchema,
    what: 'the hand-overs to or from the agent begun and not finished, each finished at the next start',
    writtenBy: 'features/agent',
    setAside: { kind: null, suffixes: ['corrupt'], restorable: false, notice: null },
  }),
  handoversLeft: jsonFile({
    path: 'handovers-left.json',
    kind: 'atomic-json',
    schema: HandoversLeftFileSchema,
    what: 'per account, how many saved audiences its last hand-over could not move, and which way, said in Settings until a later hand-over moves them all',
    writtenBy: 'features/agent',
    setAside: { kind: null, suffixes: ['corrupt'], restorable: false, notice: null },
  }),
  media: folder({
    path: 'media',
    kind: 'folder-of-items',
    atomic: true,
    what: 'media the user picked for a story, served back by grant id: the file, and what was checked of it',
    writtenBy: 'features/stories/media',
    items: {
      files: [
        { name: /^[A-Za-z0-9_-]{16,64}$/, format: 'binary', atomic: false },
        { name: /^[A-Za-z0-9_-]{16,64}\.json$/, format: 'json', schema: MediaGrantSchema, atomic: true },
        { name: /^[A-Za-z0-9_-]{16,64}\.part$/, format: 'binary', atomic: false },
      ],
    },
  }),
  logs: folder({
    path: 'logs',
    kind: 'log',
    atomic: false,
    what: 'web mode’s log (`web.log`), rotated at 5 MB, redacted; the desktop app logs to the system’s log folder',
    writtenBy: 'adapters/electron-log',
    items: { files: [{ name: /^web(\.old)?\.log$/, format: 'binary', atomic: false }] },
  }),
  lock: binaryFile({
    path: 'statusdesk.lock',
    kind: 'store',
    atomic: true,
    what: 'which process holds the data folder (its pid and host) and its heartbeat: a second Statusdesk on the same folder is refused',
    writtenBy: 'platform/files/folder-lock',
  }),
  outboxDatabase: folder({
    path: 'outbox-db',
    kind: 'folder-of-items',
    atomic: false,
    what: 'an engine on embedded PostgreSQL (the agent’s default, or STATUSDESK_OUTBOX=pglite): the database of every account’s outbox and its jobs, and the agent’s paired devices (the hash of each one’s token)',
    writtenBy: 'platform/db (PGlite)',
    items: { files: [{ name: /.*/, format: 'binary', atomic: false }] },
  }),
  outboxDatabaseInit: folder({
    path: 'outbox-db.init',
    kind: 'folder-of-items',
    atomic: false,
    what: 'the embedded database while its first start makes it, in a Node process of its own: moved to `outbox-db/` once made, cleared at the next start if that process was killed',
    writtenBy: 'platform/db (PGlite)',
    items: { files: [{ name: /.*/, format: 'binary', atomic: false }] },
  }),
  outboxDatabaseLock: binaryFile({
    path: 'outbox-db.lock',
    kind: 'store',
    atomic: true,
    what: 'which process holds the embedded database (its pid and host) and its heartbeat',
    writtenBy: 'platform/files/folder-lock',
  }),
  outboxMedia: folder({
    path: 'outbox-media',
    kind: 'folder-of-items',
    atomic: true,
    what: 'an engine on PostgreSQL: a story’s media copied out of the database for its upload',
    writtenBy: 'features/stories/outbox/store (pg-media)',
    items: { files: [{ name: /.*/, format: 'binary', atomic: true }] },
  }),
  webPort: binaryFile({
    path: 'web-port.json',
    kind: 'store',
    atomic: false,
    what: 'web mode: the port of the last start, so a bookmarked address keeps working',
    writtenBy: 'web',
  }),
  launchPage: binaryFile({
    path: 'open-statusdesk.html',
    kind: 'store',
    atomic: false,
    what: 'web mode: the page the browser is started on, which carries the per-launch secret; readable by the owner only',
    writtenBy: 'web',
  }),
  exports: folder({
    path: 'exports',
    kind: 'folder-of-items',
    atomic: true,
    what: 'web mode and the agent: CSV exports, when no downloads folder is given',
    writtenBy: 'features/export',
    items: { files: [{ name: /\.csv$/, format: 'binary', atomic: true }] },
  }),
} satisfies Record<string, FileDecl>

export const APP_FILE_LIST: readonly FileDecl[] = Object.values(APP_FILES)
