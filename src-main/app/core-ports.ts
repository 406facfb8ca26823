import type { SecretBox } from '../account/accounts/secret-box'
import type { SharedAccountRegistry } from '../account/accounts/shared-registry'
import type { SharedAccountData } from '../account/files/shared-documents'
import type { LogFiles } from '../features/diagnostics/log-files'
import type { DialogsPort } from '../features/export'
import type { OpenDialogPort } from '../features/stories/media/open-dialog'
import type { OutboxStore } from '../features/stories/outbox/store/outbox-store'
import type { NotifierPort } from '../features/stories/publish/stories-module'
import type { AppIdentity } from '../platform/app-identity'
import type { ClipboardPort } from '../platform/clipboard'
import type { EventHub } from '../platform/events'
import type { Logger } from '../platform/log/log'
import type { ResolveHost } from '../platform/net'
import type { OpenKeyValueStore } from '../platform/store/key-value-store'

/**
 * Everything the services need from the outside world. The Electron entry fills it with
 * adapters (net.fetch, safeStorage, electron-store, dialogs); the web entry with plain Node
 * equivalents. Nothing below this line knows which.
 */
export interface CorePorts {
  identity: AppIdentity
  /** Where per-user data lives (settings, caches, outbox). */
  dataDir: string
  fetch: typeof fetch
  /** Name resolution for URLs a server named (pictures, media by URL); default the system's. */
  resolve?: ResolveHost
  /**
   * Whether the system sends a URL through a proxy (Electron's session knows). Those URLs go
   * through `fetch`; every other server-named URL connects directly, to a checked address.
   */
  viaProxy?: (url: string) => Promise<boolean>
  log: Logger
  events: EventHub
  /** The OS keyring (safeStorage), or noKeyring() where there is none (web mode). */
  secretBox: SecretBox
  /** Opens a small JSON store (electron-store, conf in web mode) under dataDir. */
  openStore: OpenKeyValueStore
  /** Where exports are saved: a save dialog (Electron) or a downloads folder (web mode). */
  dialogs: DialogsPort
  /** The system clipboard; null in web mode, where the page uses the browser's clipboard. */
  clipboard: ClipboardPort | null
  /** The desktop's open-file dialog for story media; null in web mode, where the page uploads the file. */
  openDialog: OpenDialogPort | null
  /** The log files (electron-log): their folder for Settings, a scope for renderer lines. */
  logs: LogFiles
  /** System notifications (desktop); absent in web mode, where the page shows them. */
  notifier?: NotifierPort | null
  /**
   * Where every account's outbox lives, made for this engine (`owner` names it in claims): the
   * files in each account's folder when absent (the desktop); PostgreSQL for an engine that
   * shares its outbox with others.
   */
  outboxStore?: (owner: string) => Promise<OutboxStore>
  /**
   * The least an engine allows a story found late at start (minutes), over the user's own
   * setting: the agent's restart allowance. Absent on the desktop, where a story due while
   * the computer was off waits for the user unless the user said otherwise.
   */
  lateMinutesAtLeast?: number
  /**
   * The accounts this engine shares with the others on its database (the agent on a PostgreSQL
   * server), asked once the outbox store is open: absent (or null), the accounts file alone lists them.
   */
  sharedAccounts?: () => SharedAccountRegistry | null
  /**
   * The accounts' own documents (history, insights) and sampling claims this engine shares with
   * the others on its database (the agent on a PostgreSQL server), asked once the outbox store is
   * open: absent (or null), each account's folder keeps them and this engine samples every account.
   */
  sharedAccountData?: () => SharedAccountData | null
}
