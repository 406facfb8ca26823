import type { AgentLink } from '../features/agent/agent-link'
import type { AgentTeam } from '../features/agent/agent-team'
import type { HandoverService } from '../features/agent/handover-service'
import type { AudiencesHandover } from '../features/stories/library/audiences-handover'
import type { OutboxHandover } from '../features/stories/outbox/outbox-handover'
import type { AccountsService } from '../account/accounts/accounts-service'
import type { ConnectivityProbe } from '../features/connectivity/connectivity-probe'
import type { ExportService } from '../features/export'
import type { GroupsService } from '../features/groups/sync'
import type { InsightsModule } from '../features/insights/insights-service'
import type { QueueService } from '../features/queue/queue-service'
import type { SettingsService } from '../features/settings/settings-service'
import type { StoriesModule } from '../features/stories/publish/stories-module'
import { accountsHandlers } from '../handlers/accounts'
import { agentHandlers } from '../handlers/agent'
import { handoverHandlers } from '../handlers/handover'
import { appHandlers } from '../handlers/app'
import { clipboardHandlers } from '../handlers/clipboard'
import { communityHandlers } from '../handlers/community'
import { connectivityHandlers } from '../handlers/connectivity'
import { diagnosticsHandlers } from '../handlers/diagnostics'
import type { Handlers } from '../handlers/dispatch'
import type { InsightsHandover } from '../features/insights/insights-handover'
import type { AgentFollow } from '../features/agent/agent-follow'
import { exportHandlers } from '../handlers/export'
import { groupsHandlers } from '../handlers/groups'
import { insightsHandlers } from '../handlers/insights'
import { libraryHandlers } from '../handlers/library'
import { noticesHandlers } from '../handlers/notices'
import { outboxHandlers } from '../handlers/outbox'
import { queueHandlers } from '../handlers/queue'
import { settingsHandlers } from '../handlers/settings'
import { storiesHandlers } from '../handlers/stories'
import type { NoticeBoard } from '../platform/notice-board'
import type { RecoveryLog } from '../platform/store/recovery-log'
import type { CorePorts } from './core-ports'

/** What the handlers call: the engine's services, built once by the composition root. */
export interface CoreServices {
  notices: NoticeBoard
  recoveries: RecoveryLog
  settings: SettingsService
  accounts: AccountsService
  groups: GroupsService
  probe: ConnectivityProbe
  exporter: ExportService
  stories: StoriesModule
  insights: InsightsModule
  queue: QueueService
  agentLink: AgentLink
  agentTeam: AgentTeam
  handover: OutboxHandover
  insightsHandover: InsightsHandover
  audiencesHandover: AudiencesHandover
  handovers: HandoverService
  agentFollow: AgentFollow
}

/** One handler per contract channel, each over the service that answers it. */
export function coreHandlers(ports: CorePorts, services: CoreServices): Handlers {
  const { settings, accounts, groups, exporter, stories } = services
  return {
    ...appHandlers(ports.identity),
    ...noticesHandlers(services.notices),
    ...settingsHandlers(settings),
    ...accountsHandlers(accounts),
    ...groupsHandlers(groups),
    ...connectivityHandlers(services.probe),
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
    ...insightsHandlers(services.insights.service),
    ...queueHandlers(services.queue),
    ...agentHandlers(services.agentLink, services.agentTeam, services.handovers, services.agentFollow),
    ...handoverHandlers(services.handover, services.insightsHandover, services.audiencesHandover),
    ...diagnosticsHandlers({
      rendererLog: ports.logs.scoped('renderer'),
      sources: {
        identity: ports.identity,
        dataDir: ports.dataDir,
        logFolder: ports.logs.folder,
        accounts: () => accounts.listed(),
        settings: () => settings.get(),
        recoveries: () => services.recoveries.list(),
      },
    }),
  }
}
