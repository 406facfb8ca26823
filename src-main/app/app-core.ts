import type { Handlers } from '../handlers/dispatch'
import type { EventHub } from '../platform/events'
import { NoticeBoard, NoticeKeepingHub } from '../platform/notice-board'
import { AccountsService, type AccountsServiceOptions } from '../account/accounts/accounts-service'
import { SharedAccounts } from '../account/accounts/shared-accounts'
import { type SharedCursor, storedCursor } from '../account/accounts/shared-registry'
import { ConnectivityProbe } from '../features/connectivity/connectivity-probe'
import { ExportService } from '../features/export'
import { ServerNamedFetch, systemResolver } from '../platform/net'
import { openStoreWithRecovery } from '../platform/store/open-store'
import { RecoveryLog } from '../platform/store/recovery-log'
import { recoveryNotice } from '../features/settings/recovery-notice'
import { SettingsService } from '../features/settings/settings-service'
import { createStoriesModule, type StoriesModule } from '../features/stories/publish/stories-module'
import { createOutboxes } from '../features/stories/outbox/outbox-module'
import { HostedAccounts } from '../features/agent/hosted-accounts'
import { APP_FILE_LIST, APP_FILES } from '../account/files/app-files'
import type { AgentLink } from '../features/agent/agent-link'
import type { AgentRouting } from '../features/agent/agent-routing'
import type { AgentSplitters } from '../features/agent/agent-routes'
import { setAsideNotice } from '../account/files/file-registry'
import { FileRoot } from '../account/files/file-root'
import type { SharedAccountData } from '../account/files/shared-documents'
import { createInsights, type InsightsModule } from '../features/insights/insights-service'
import { createQueue } from '../features/queue/queue-module'
import { GroupsService } from '../features/groups/sync'
import { engineOwner } from '../features/stories/outbox/outbox-core'
import { FilesOutboxStore } from '../features/stories/outbox/store/files-store'
import type { OutboxStore } from '../features/stories/outbox/store/outbox-store'
import { lockDataFolder } from '../platform/files/folder-lock'
import { type UserText, userText } from '@shared/i18n/user-text'
import { buildAgentSide } from './agent-side'
import { SharedDataWatch } from './shared-data-watch'
import type { HandoverService } from '../features/agent/handover-service'
import { coreHandlers } from './core-handlers'
import { routedHandlers } from './routed-handlers'

import type { CorePorts } from './core-ports'

export type { CorePorts } from './core-ports'

export interface AppCore {
  handlers: Handlers
  /** The accounts, each client's account on screen, and their workspaces. */
  accounts: AccountsService
  settings: SettingsService
  /** Each on-screen account's groups: cache, sync, pictures (`groups.pictureSource` feeds the picture routes). */
  groups: GroupsService
  /** Publishing, every account's outbox, history, drafts and media grants (`stories.webRoute` / `protocolRoute` serve granted files). */
  stories: StoriesModule
  /** What each story reached, sampled while the engine runs (`insights.sampler.tick()` runs a round now). */
  insights: InsightsModule
  /** Where every account's outbox lives; this engine's claims carry `store.owner`. */
  store: OutboxStore
  /** The paired agent, the accounts handed over to it, and the routing of their calls. */
  agent: { link: AgentLink; hosted: HostedAccounts; routing: AgentRouting }
  /** "Run on the agent" and back: the hand-overs of accounts to the paired agent. */
  handovers: HandoverService
  /** The hub the services emit on: a notice sent here is kept until each client has read it. */
  events: EventHub
  /**
   * Work that starts after the first window can talk to us (the outbox, insights, and the groups'
   * background sync unless `groupsSync` is false: then an account's groups sync only when a
   * client asks, `groups:sync`).
   */
  start(options?: { groupsSync?: boolean }): Promise<void>
  /** A client (a window, a page) is gone: the account on its screen leaves it. */
  clientGone(client: string): Promise<void>
  /** Stops everything: a send on its way finishes first (bounded), then the data folder is let go. */
  dispose(): Promise<void>
}

export async function createAppCore(ports: CorePorts): Promise<AppCore> {
  const owner = engineOwner()
  // One engine writes a data folder: a second one is refused in words before it reads anything.
  let said: ((text: UserText) => void) | null = null
  const lock = await lockDataFolder(ports.dataDir, {
    owner,
    // Another engine took the folder over while this one did not answer (frozen, suspended): said to whoever listens.
    onLost: (holder) => {
      ports.log.error('data folder taken over by another engine', { pid: holder?.pid ?? null })
      said?.(userText('errors.dataFolder.takenOver', { pid: holder?.pid ?? 0, host: holder?.host ?? '?' }))
    },
  })
  try {
    return await assemble(ports, owner, lock.release, (say) => (said = say))
  } catch (error) {
    await lock.release()
    throw error
  }
}

/** What splits a call between this desktop and the agent (`features/agent/agent-routes.ts`). */
function splittersOf(features: ReturnType<typeof buildFeatures>): AgentSplitters {
  return {
    routing: features.agentRouting,
    publish: features.agentPublish,
    queue: features.agentQueue,
    insights: features.agentInsights,
    bestTimes: features.agentBestTimes,
    insightsExport: features.agentInsightsExport,
    audiences: features.agentAudiences,
  }
}

/** The accounts the other engines on the database hold, listed here before anything runs; null without a shared registry. */
async function joinSharedAccounts(ports: CorePorts, accounts: AccountsService, cursor: SharedCursor): Promise<SharedAccounts | null> {
  const registry = ports.sharedAccounts?.() ?? null
  if (!registry) return null
  const shared = new SharedAccounts({ registry, target: accounts, log: ports.log, cursor })
  await shared.catchUp()
  return shared
}

/** Who hears of the accounts' changes once the core is built: the shared list and the shared data's watch, where there are. */
interface AccountSharing {
  shared: SharedAccounts | null
  dataWatch: SharedDataWatch | null
}

/** The accounts, telling `sharing` of each change they commit and asking it before a new account is listed. */
function accountsServiceOf(
  ports: CorePorts,
  parts: Pick<AccountsServiceOptions, 'store' | 'events' | 'recoveries'>,
  sharing: AccountSharing,
): AccountsService {
  return new AccountsService({
    ...parts,
    secretBox: ports.secretBox,
    dataDir: ports.dataDir,
    fetch: ports.fetch,
    log: ports.log,
    onShared: (change) => {
      sharing.shared?.localChange(change)
      sharing.dataWatch?.accountChanged(change)
    },
    claimShared: async (account, usable) => (sharing.shared ? sharing.shared.claim(account, usable) : null),
  })
}

async function assemble(
  ports: CorePorts,
  owner: string,
  releaseLock: () => Promise<void>,
  sayWith: (say: (text: UserText) => void) => void,
): Promise<AppCore> {
  const notices = new NoticeBoard()
  // Every service emits through this hub, so no notice is lost for want of a page listening.
  const events = new NoticeKeepingHub(ports.events, notices)
  sayWith((text) => events.emit('app:notice', { level: 'error', text }))
  const recoveries = new RecoveryLog()
  recoveries.onAdd((item) => events.emit('app:notice', { level: 'warning', text: recoveryNotice(item) }))
  const open = (name: string, file: 'settings' | 'accounts') =>
    openStoreWithRecovery({ open: ports.openStore, dir: ports.dataDir, name, file, recoveries, log: ports.log })
  const settings = new SettingsService({ store: open('settings', 'settings'), recoveries, log: ports.log, events })
  const accountsStore = open('accounts', 'accounts')
  const sharing: AccountSharing = { shared: null, dataWatch: null }
  const accounts = accountsServiceOf(ports, { store: accountsStore, events, recoveries }, sharing)
  await accounts.restore()
  const store = ports.outboxStore ? await ports.outboxStore(owner) : new FilesOutboxStore({ dirOf: (id) => accounts.dirOf(id), owner })
  sharing.shared = await joinSharedAccounts(ports, accounts, storedCursor(accountsStore))
  const named = new ServerNamedFetch({
    resolve: ports.resolve ?? systemResolver,
    fetch: ports.fetch,
    ...(ports.viaProxy && { viaProxy: ports.viaProxy }),
  })
  const shareData = ports.sharedAccountData?.() ?? null
  // Another engine's changes to an account's history or insights reach this engine's clients as its own would.
  sharing.dataWatch = shareData && new SharedDataWatch({ data: shareData, events, log: ports.log })
  const { shared, dataWatch } = sharing
  const features = buildFeatures(ports, { events, settings, accounts, store, named, shareData })
  // Calls about an account handed over to the agent go there; the rest run here.
  const handlers = routedHandlers(coreHandlers(ports, { notices, recoveries, settings, accounts, ...features }), splittersOf(features))
  const { groups, stories, insights } = features
  return {
    handlers,
    events,
    agent: { link: features.agentLink, hosted: features.hostedAccounts, routing: features.agentRouting },
    accounts,
    settings,
    groups,
    stories,
    insights,
    store,
    handovers: features.handovers,
    start: async (options = {}) => {
      // The data folder's own temps of writes a killed run never finished; each account's go when its workspace opens.
      await features.appFiles.sweepTemps().catch((error: unknown) => ports.log.warn('temp sweep failed', { error: String(error) }))
      if (options.groupsSync !== false) await groups.start()
      await stories.start()
      insights.sampler.start()
      features.agentEvents.start()
      shared?.start()
      dataWatch?.start()
      // A hand-over a crash left open finishes now, or when the agent answers at a later start.
      void features.handovers.resume()
    },
    clientGone: (client) => accounts.clientGone(client),
    dispose: async () => {
      await shared?.stop()
      await dataWatch?.stop()
      features.agentEvents.stop()
      await insights.sampler.dispose()
      await stories.dispose()
      await groups.dispose()
      await features.agentLink.close()
      // Closing the workspaces stops every account's parts: a send on its way finishes first, bounded.
      await accounts.dispose()
      await store.close()
      await named.close()
      await releaseLock()
    },
  }
}

interface FeatureBase {
  events: EventHub
  settings: SettingsService
  accounts: AccountsService
  store: OutboxStore
  named: ServerNamedFetch
  /** Each account's history and insights, shared by the engines on one database; null: in each account's folder. */
  shareData: SharedAccountData | null
}

/** How late a story may still go by itself, read at each look of every outbox: the user's setting, and never less than `atLeast`. */
function lateAllowance(settings: SettingsService, atLeast = 0): () => number {
  return () =>
    Math.max(
      settings.read((held) => held.stories.lateSendMinutes),
      atLeast,
    )
}

/** The engine's features over the accounts' workspaces, wired to each other. */
function buildFeatures(ports: CorePorts, { events, settings, accounts, store, named, shareData }: FeatureBase) {
  const { workspaces } = accounts
  const groups = new GroupsService({
    workspaces,
    events,
    log: ports.log,
    settings: () => settings.get().sync,
    locale: () => settings.get().locale ?? undefined,
    fetchFor: (accountId) => named.for(accounts.baseUrlOf(accountId)),
  })
  settings.onChange(() => groups.settingsChanged())
  // The data folder's own declared files: a damaged one is set aside and the user told.
  const appFiles = new FileRoot(ports.dataDir, APP_FILE_LIST, {
    log: ports.log,
    onSetAside: (decl) => events.emit('app:notice', { level: 'warning', text: setAsideNotice(decl) }),
  })
  // The outboxes first, then the queue that plans into them, then publishing that plans through the queue: no cycle.
  const outboxes = createOutboxes({
    workspaces,
    store,
    events,
    log: ports.log,
    lateSendMinutes: lateAllowance(settings, ports.lateMinutesAtLeast),
    notifier: ports.notifier ?? null,
    sharedRows: shareData?.rows ?? null,
  })
  const queue = createQueue({ workspaces, outboxes: outboxes.service, labelOf: (id) => accounts.labelOf(id), events, log: ports.log })
  const stories = createStoriesModule({
    dataDir: ports.dataDir,
    workspaces,
    appFiles,
    outboxes,
    labelOf: (id) => accounts.labelOf(id),
    limits: () => settings.get().stories,
    participants: (accountId) => groups.participants(accountId),
    participantsWithIds: (accountId, ids) => groups.participantsWithIds(accountId, ids),
    groups: async (accountId) =>
      (await groups.namedSenders(accountId)).map((sender) => ({
        name: sender.group,
        last_message: { from: sender.from, from_name: sender.name, from_me: false },
      })),
    fetch: (url, init, accountId) => named.for(accountId === undefined ? undefined : accounts.baseUrlOf(accountId)).fetch(url, init),
    events,
    log: ports.log,
    queue,
  })
  // The accounts handed over to the paired agent: what runs there is not sampled here too.
  const hostedAccounts = new HostedAccounts(appFiles.json(APP_FILES.hostedAccounts))
  const insights = createInsights({
    workspaces,
    elsewhere: () => hostedAccounts.ids(),
    shared: shareData,
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
  const probe = new ConnectivityProbe({ workspaces, fetch: ports.fetch, baseUrl: (id) => accounts.baseUrlOf(id) })
  const agentSide = buildAgentSide(ports, {
    appFiles,
    events,
    accounts,
    store,
    stories,
    queue,
    insights,
    hostedAccounts,
    limits: () => settings.get().stories,
    retentionDays: () => settings.get().insights.retentionDays,
  })
  return { groups, stories, queue, insights, exporter, probe, appFiles, ...agentSide }
}
