import { AppError } from '@shared/errors'
import { QueueSettingsSchema } from '@shared/channels/queue'
import { userText } from '@shared/i18n/user-text'
import type { AccountsService } from '../account/accounts/accounts-service'
import { TokenVault } from '../account/accounts/token-vault'
import { ACCOUNT_FILE_LIST, ACCOUNT_FILES } from '../account/files/account-files'
import { APP_FILES } from '../account/files/app-files'
import { FileRoot } from '../account/files/file-root'
import { AgentEvents } from '../features/agent/agent-events'
import { AgentFollow } from '../features/agent/agent-follow'
import { AgentLink } from '../features/agent/agent-link'
import { AgentCommands, AgentViews } from '../features/agent/agent-offline'
import { AgentRouting } from '../features/agent/agent-routing'
import { AgentTeam } from '../features/agent/agent-team'
import { teamStoriesOnAgent, type TeamStoriesOptions } from '../features/agent/team-stories'
import { HandoverService } from '../features/agent/handover-service'
import { HandoversLeft } from '../features/agent/handovers-left'
import type { HostedAccounts } from '../features/agent/hosted-accounts'
import type { QueueService } from '../features/queue/queue-service'
import { AgentAudiences } from '../features/agent/agent-audiences'
import { AudiencesHandover } from '../features/stories/library/audiences-handover'
import { OutboxHandover } from '../features/stories/outbox/outbox-handover'
import type { OutboxStore } from '../features/stories/outbox/store/outbox-store'
import type { StoriesModule } from '../features/stories/publish/stories-module'
import { checkDraft } from '../features/stories/publish/story-check'
import { AgentPublish } from '../features/agent/agent-publish'
import { AgentBestTimes } from '../features/agent/agent-best-times'
import { AgentInsights } from '../features/agent/agent-insights'
import { AgentInsightsExport } from '../features/agent/agent-insights-export'
import { AgentQueue } from '../features/agent/agent-queue'
import type { StoryLimits } from '@shared/story/limits'
import { InsightsHandover } from '../features/insights/insights-handover'
import type { InsightsModule } from '../features/insights/insights-service'
import type { EventHub } from '../platform/events'
import type { CorePorts } from './core-ports'

interface AgentSideBase {
  limits: () => StoryLimits
  insights: InsightsModule
  retentionDays: () => number
  /** Which accounts run on the agent: made before the features that ask it (the insights sampler). */
  hostedAccounts: HostedAccounts
  appFiles: FileRoot
  events: EventHub
  accounts: AccountsService
  store: OutboxStore
  stories: StoriesModule
  queue: QueueService
}

/**
 * The desktop's side of the agent: the pairing (its device token sealed as the provider tokens
 * are), its team (devices, activity), the accounts that run there with where their calls go and
 * its events followed for them, and the hand-overs that move them.
 */
export function buildAgentSide(ports: CorePorts, base: AgentSideBase) {
  const { appFiles, events } = base
  // The agent this desktop is paired with: its device token sealed as the provider tokens are.
  const agentLink = new AgentLink({
    file: appFiles.json(APP_FILES.agentLink),
    vault: new TokenVault(ports.secretBox),
    keyring: () => ports.secretBox.status(),
    fetch: ports.fetch,
    events,
    log: ports.log,
  })
  const { hostedAccounts } = base
  // The team on that agent: its devices, its activity log, and who planned or changed each item.
  const agentTeam = new AgentTeam({
    link: agentLink,
    dialogs: ports.dialogs,
    agentIdOf: async (accountId) => (await hostedAccounts.get(accountId))?.agentAccountId ?? null,
  })
  const authors = (agentAccountId: string, itemIds: string[]) => agentTeam.authorsOnAgent(agentAccountId, itemIds)
  const agentViews = new AgentViews(appFiles.json(APP_FILES.agentViews))
  const agentRouting = new AgentRouting({
    hosted: hostedAccounts,
    invoke: (channel, arg) => agentLink.invoke(channel, arg),
    views: agentViews,
    commands: new AgentCommands(appFiles.json(APP_FILES.agentCommands)),
    events,
    log: ports.log,
    authors,
  })
  const agentEvents = new AgentEvents({
    open: (signal) => agentLink.openEvents(signal),
    hosted: hostedAccounts,
    events,
    log: ports.log,
    onConnected: () => void agentRouting.flush(),
    onOutbox: (accountId, items) => agentRouting.remember(accountId, items),
    authors,
  })
  // A story planned here for an account on the agent is published there, its file sent first.
  const agentPublish = new AgentPublish({
    hosted: hostedAccounts,
    invoke: (channel, arg, timeoutMs) => agentLink.invoke(channel, arg, timeoutMs),
    upload: (file, options) => agentLink.uploadMedia(file, options),
    onProgress: (event) => events.emit('stories:progress', event),
    notice: (text) => events.emit('app:notice', { level: 'warning', text }),
    check: async (draft) => {
      const checked = await checkDraft(draft, base.stories.media, base.limits())
      return checked.grant && checked.mediaPath ? { path: checked.mediaPath, name: checked.grant.name, size: checked.grant.size } : null
    },
    labelOf: (accountId) => base.accounts.labelOf(accountId),
    log: ports.log,
  })
  // The posting queue's calls about several accounts: each account's part from where it runs.
  const agentQueue = new AgentQueue({ hosted: hostedAccounts, invoke: (channel, arg) => agentLink.invoke(channel, arg) })
  // What reads the agent's answers and keeps the last of them to show while it is away.
  const reads = { hosted: hostedAccounts, invoke: (channel: string, arg: unknown) => agentLink.invoke(channel, arg), views: agentViews }
  // The Insights figures of every account: each account on the agent counted as the agent has it.
  const agentInsights = new AgentInsights(reads)
  // The good times of the accounts ticked: each account's own from where it runs, put together here.
  const agentBestTimes = new AgentBestTimes(reads)
  // The Insights CSV: each account on the agent written as the agent has it.
  const agentInsightsExport = new AgentInsightsExport({
    hosted: hostedAccounts,
    invoke: (channel, arg) => agentLink.invoke(channel, arg),
    write: (scope, theirs, here) => base.insights.service.export(scope, theirs, here),
    agentUrl: async () => (await agentLink.status()).url,
  })
  // The saved audiences: the agent's library listed with this desktop's, and edited where it is held.
  const agentAudiences = new AgentAudiences(reads)
  return {
    agentAudiences,
    agentLink,
    agentTeam,
    hostedAccounts,
    agentRouting,
    agentEvents,
    agentPublish,
    agentQueue,
    agentInsights,
    agentBestTimes,
    agentInsightsExport,
    ...handoverSide(ports, base, agentLink, hostedAccounts, authors),
  }
}

/** Each engine's part of a hand-over (outbox-handover.ts), and the desktop's steps of one (handover-service.ts). */
function handoverSide(
  ports: CorePorts,
  base: AgentSideBase,
  agentLink: AgentLink,
  hostedAccounts: HostedAccounts,
  authors: TeamStoriesOptions['authors'],
) {
  const { appFiles, events, accounts, store, stories, queue } = base
  // The account's own folder, through its workspace: one store per file, its writes in order.
  const accountFiles = (accountId: string) =>
    accounts.workspaces.get(accountId)?.files ?? new FileRoot(accounts.dirOf(accountId), ACCOUNT_FILE_LIST, { log: ports.log })
  const handover = new OutboxHandover({
    store,
    refresh: (accountId) => stories.outboxes.wake(accountId),
    isAccount: (accountId) => accounts.labelOf(accountId) !== undefined,
    ledgerOf: (accountId) => accountFiles(accountId).json(ACCOUNT_FILES.handoversTaken),
    published: async (accountId, requestId) => (await stories.outboxes.history(accountId)).some((entry) => entry.requestId === requestId),
  })
  // The account's insights move with it: each engine gives and takes them (insights-handover.ts).
  const insightsHandover = new InsightsHandover({
    storeOf: (accountId) => {
      const workspace = accounts.workspaces.get(accountId)
      return workspace && workspace.mode !== 'closed' ? workspace.part(base.insights.part).store : null
    },
    retentionDays: base.retentionDays,
    log: ports.log,
  })
  // The saved audiences the moving stories name move with them (audiences-handover.ts).
  const audiencesHandover = new AudiencesHandover({
    audiences: stories.audiences,
    namesHeld: (accountId, handoverId) => handover.audienceNames(accountId, handoverId),
    isAccount: (accountId) => accounts.labelOf(accountId) !== undefined,
    log: ports.log,
  })
  const handovers = new HandoverService({
    invoke: (channel, arg) => agentLink.invoke(channel, arg),
    insights: insightsHandover,
    audiences: audiencesHandover,
    agentUrl: async () => (await agentLink.status()).url,
    hosted: hostedAccounts,
    local: handover,
    journal: appFiles.json(APP_FILES.handovers),
    left: new HandoversLeft(appFiles.json(APP_FILES.handoversLeft), ports.log),
    accounts: {
      list: () => accounts.listed().accounts,
      baseUrlOf: (id) => accounts.baseUrlOf(id),
      providerToken: (id) => accounts.providerToken(id),
    },
    queue: {
      get: (accountId) => queue.get(accountId),
      // The agent's answer is a peer's: read with the contract's schema before it is kept.
      set: (accountId, settings) => {
        const read = QueueSettingsSchema.safeParse(settings)
        if (!read.success) throw new AppError('invalid-response', userText('errors.handover.badItem'))
        return queue.set(accountId, read.data)
      },
    },
    changed: () => void handovers.list().then((list) => events.emit('agent:accounts-changed', list)),
    // "Bring back" asks first when it would take teammates' stories with it.
    teamStories: (agentAccountId) =>
      teamStoriesOnAgent(
        { invoke: (channel, arg) => agentLink.invoke(channel, arg), authors, ownDeviceId: () => agentLink.deviceId() },
        agentAccountId,
      ),
    log: ports.log,
  })
  // A teammate's account on the agent, shown here without its token.
  const agentFollow = new AgentFollow({
    invoke: (channel, arg) => agentLink.invoke(channel, arg),
    agentUrl: async () => (await agentLink.status()).url,
    hosted: hostedAccounts,
    addFollowed: (input) => accounts.addFollowed(input),
    list: () => handovers.list(),
    changed: () => void handovers.list().then((list) => events.emit('agent:accounts-changed', list)),
  })
  // An account signed out here no longer has a place on the agent from here (the agent keeps its
  // stories). Only accounts seen leaving count: a list that could not be read forgets nothing.
  let listed = new Set(accounts.listed().accounts.map((account) => account.id))
  events.subscribe((name) => {
    if (name !== 'accounts:changed') return
    const now = new Set(accounts.listed().accounts.map((account) => account.id))
    const gone = [...listed].filter((id) => !now.has(id))
    listed = now
    for (const id of gone) void hostedAccounts.remove(id).catch(() => undefined)
  })
  return { handover, handovers, insightsHandover, audiencesHandover, agentFollow }
}
