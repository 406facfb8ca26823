import type { Handlers } from '../handlers/dispatch'
import type { EventHub } from '../platform/events'
import { accountsHandlers } from '../handlers/accounts'
import type { AppIdentity } from '../platform/app-identity'
import { appHandlers } from '../handlers/app'
import { clipboardHandlers } from '../handlers/clipboard'
import { communityHandlers } from '../handlers/community'
import { connectivityHandlers } from '../handlers/connectivity'
import { diagnosticsHandlers } from '../handlers/diagnostics'
import { exportHandlers } from '../handlers/export'
import { groupsHandlers } from '../handlers/groups'
import { noticesHandlers } from '../handlers/notices'
import { settingsHandlers } from '../handlers/settings'
import { libraryHandlers } from '../handlers/library'
import { storiesHandlers } from '../handlers/stories'
import { NoticeBoard, NoticeKeepingHub } from '../platform/notice-board'
import { AccountsService } from '../account/accounts/accounts-service'
import type { SecretBox } from '../account/accounts/secret-box'
import { Connectivity } from '../platform/net/connectivity'
import { ConnectivityProbe } from '../features/connectivity/connectivity-probe'
import type { ClipboardPort } from '../platform/clipboard'
import type { LogFiles } from '../features/diagnostics/log-files'
import { type DialogsPort, ExportService } from '../features/export'
import type { Logger } from '../platform/log/log'
import type { OpenDialogPort } from '../features/stories/media/open-dialog'
import { AddressGuard, pinnedFetch, publicFetch, systemResolver, type BodyResponse, type ResolveHost } from '../platform/net'
import type { OpenKeyValueStore } from '../platform/store/key-value-store'
import { openStoreWithRecovery } from '../platform/store/open-store'
import { RecoveryLog } from '../platform/store/recovery-log'
import { recoveryNotice } from '../features/settings/recovery-notice'
import { SettingsService } from '../features/settings/settings-service'
import { createStoriesModule, type NotifierPort, type StoriesModule } from '../features/stories/publish/stories-module'
import { APP_FILE_LIST } from '../account/files/app-files'
import { setAsideNotice } from '../account/files/file-registry'
import { FileRoot } from '../account/files/file-root'
import { outboxHandlers } from '../handlers/outbox'
import { insightsHandlers } from '../handlers/insights'
import { createInsights, type InsightsModule } from '../features/insights/insights-service'
import { queueHandlers } from '../handlers/queue'
import { createQueue } from '../features/queue/queue-module'
import { GroupsService } from '../features/groups/sync'

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
}

export interface AppCore {
  handlers: Handlers
  /** The accounts and the active one: `accounts.active()` gives {id, baseUrl, isDemo, dir, client}. */
  accounts: AccountsService
  settings: SettingsService
  /** Online/offline as learnt from real requests (sync and the outbox report here). */
  connectivity: Connectivity
  /** The active account's groups: cache, sync, pictures (`groups.pictureSource` feeds the picture routes). */
  groups: GroupsService
  /** Publishing, every account's outbox, history, drafts and media grants (`stories.webRoute` / `protocolRoute` serve granted files). */
  stories: StoriesModule
  /** What each story reached, sampled while the app runs (`insights.sampler.tick()` runs a round now). */
  insights: InsightsModule
  /** The hub the services emit on: a notice sent here is kept until a page has read it. */
  events: EventHub
  /** Work that starts after the first window can talk to us (background sync, outbox). */
  start(): Promise<void>
  dispose(): Promise<void>
}

export async function createAppCore(ports: CorePorts): Promise<AppCore> {
  const notices = new NoticeBoard()
  // Every service emits through this hub, so no notice is lost for want of a page listening.
  const events = new NoticeKeepingHub(ports.events, notices)
  const recoveries = new RecoveryLog()
  recoveries.onAdd((item) => events.emit('app:notice', { level: 'warning', text: recoveryNotice(item) }))
  const open = (name: string, file: 'settings' | 'accounts') =>
    openStoreWithRecovery({ open: ports.openStore, dir: ports.dataDir, name, file, recoveries, log: ports.log })
  const settings = new SettingsService({ store: open('settings', 'settings'), recoveries, log: ports.log, events })
  const accounts = new AccountsService({
    store: open('accounts', 'accounts'),
    secretBox: ports.secretBox,
    dataDir: ports.dataDir,
    fetch: ports.fetch,
    log: ports.log,
    events,
    recoveries,
  })
  await accounts.restore()
  // Pictures and media by URL come from addresses a server or a user named: only public
  // hosts, unless the account's own server is on the same kind of network (the demo, the
  // emulator and a LAN server serve their pictures from there).
  const guard = new AddressGuard({
    resolve: ports.resolve ?? systemResolver,
    trustedBaseUrl: () => accounts.active()?.baseUrl,
  })
  const direct = pinnedFetch(guard)
  const viaProxy = ports.viaProxy
  // Through a proxy, the proxy resolves the name: only the check before connecting applies,
  // and the system's fetch is the one that knows the proxy.
  const orProxy = <R extends BodyResponse>(dial: (url: string, init: RequestInit) => Promise<R>) =>
    viaProxy ? async (url: string, init: RequestInit) => ((await viaProxy(url)) ? ports.fetch(url, init) : dial(url, init)) : dial
  const webFetch = publicFetch({ guard, fetch: orProxy(direct.fetch) })
  // Group pictures, tens of thousands at a first sync: the same checks, over the pinned
  // connections' lighter GET (see PinnedFetch.get) unless a proxy carries them.
  const pictureGet = publicFetch<BodyResponse>({ guard, fetch: orProxy(direct.get) })
  const connectivity = new Connectivity()
  const groups = new GroupsService({
    workspaces: accounts.workspaces,
    events,
    connectivity,
    log: ports.log,
    settings: () => settings.get().sync,
    locale: () => settings.get().locale ?? undefined,
    fetch: pictureGet,
  })
  settings.onChange(() => groups.settingsChanged())
  // The data folder's own declared files: a damaged one is set aside and the user told.
  const appFiles = new FileRoot(ports.dataDir, APP_FILE_LIST, {
    log: ports.log,
    onSetAside: (decl) => events.emit('app:notice', { level: 'warning', text: setAsideNotice(decl) }),
  })
  const stories = createStoriesModule({
    dataDir: ports.dataDir,
    workspaces: accounts.workspaces,
    appFiles,
    labelOf: (id) => accounts.labelOf(id),
    connectivity,
    limits: () => settings.get().stories,
    participants: () => groups.participants(),
    participantsWithIds: (ids) => groups.participantsWithIds(ids),
    groups: async () =>
      (await groups.namedSenders()).map((sender) => ({
        name: sender.group,
        last_message: { from: sender.from, from_name: sender.name, from_me: false },
      })),
    fetch: webFetch,
    events,
    log: ports.log,
    lateSendMinutes: () => settings.get().stories.lateSendMinutes,
    notifier: ports.notifier ?? null,
    queue: { plan: (accountId, write) => queue.plan(accountId, write) },
  })
  const queue = createQueue({
    workspaces: accounts.workspaces,
    outboxes: () => stories.outboxes,
    labelOf: (id) => accounts.labelOf(id),
    events,
    log: ports.log,
  })

  const insights = createInsights({
    workspaces: accounts.workspaces,
    history: (accountId) => stories.outboxes.history(accountId),
    retentionDays: () => settings.get().insights.retentionDays,
    labelOf: (id) => accounts.labelOf(id),
    dialogs: ports.dialogs,
    events,
    log: ports.log,
  })
  let retentionDays = settings.get().insights.retentionDays
  settings.onChange((next) => {
    if (next.insights.retentionDays === retentionDays) return
    retentionDays = next.insights.retentionDays
    void insights.sampler.retentionChanged()
  })

  const exporter = new ExportService({ source: groups, dialogs: ports.dialogs, log: ports.log })
  const handlers: Handlers = {
    ...appHandlers(ports.identity),
    ...noticesHandlers(notices),
    ...settingsHandlers(settings),
    ...accountsHandlers(accounts),
    ...groupsHandlers(groups),
    ...connectivityHandlers(new ConnectivityProbe({ connectivity, fetch: ports.fetch, baseUrl: () => accounts.active()?.baseUrl ?? null })),
    ...communityHandlers(groups),
    ...exportHandlers(exporter),
    ...clipboardHandlers(ports.clipboard),
    ...storiesHandlers({
      ...stories,
      exportViews: (views) => exporter.exportViewers(views),
      limits: () => settings.get().stories,
      openDialog: ports.openDialog,
    }),
    ...outboxHandlers(stories),
    ...libraryHandlers(stories),
    ...insightsHandlers(insights.service),
    ...queueHandlers(queue),
    ...diagnosticsHandlers({
      rendererLog: ports.logs.scoped('renderer'),
      sources: {
        identity: ports.identity,
        dataDir: ports.dataDir,
        logFolder: ports.logs.folder,
        accounts: () => accounts.list(),
        settings: () => settings.get(),
        recoveries: () => recoveries.list(),
      },
    }),
  }
  return {
    handlers,
    events,
    accounts,
    settings,
    connectivity,
    groups,
    stories,
    insights,
    start: async () => {
      // The data folder's own temps of writes a killed run never finished; each account's go when its workspace opens.
      await appFiles.sweepTemps().catch((error: unknown) => ports.log.warn('temp sweep failed', { error: String(error) }))
      await groups.start()
      await stories.start()
      insights.sampler.start()
    },
    dispose: async () => {
      await insights.sampler.dispose()
      stories.dispose()
      await groups.dispose()
      // Closing the workspaces stops every account's parts: a send on its way finishes first, bounded.
      await accounts.dispose()
      await direct.close()
    },
  }
}
