import type { agentChannels } from '@shared/channels/agent'
import type { AgentFollow } from '../features/agent/agent-follow'
import type { AgentLink } from '../features/agent/agent-link'
import type { AgentTeam } from '../features/agent/agent-team'
import type { HandoverService } from '../features/agent/handover-service'
import type { Handlers } from './dispatch'

/** The agent this desktop is paired with: pairing, its state, forgetting it; its devices and activity log; the accounts that run on it. */
export function agentHandlers(
  link: AgentLink,
  team: AgentTeam,
  handovers: HandoverService,
  follow: AgentFollow,
): Pick<Handlers, keyof typeof agentChannels> {
  return {
    'agent:status': () => link.status(),
    'agent:certificate': ({ url }) => link.certificate(url),
    'agent:pair': (request) => link.pair(request),
    'agent:unpair': () => link.unpair(),
    'agent:devices': () => team.devices(),
    'agent:revoke': ({ deviceId }) => team.revoke(deviceId),
    'agent:activity': (query) => team.activity(query),
    'agent:activity-export': ({ accountId }) => team.exportActivity(accountId),
    'agent:item-authors': ({ accountId, itemIds }) => team.itemAuthors(accountId, itemIds),
    'agent:check': () => link.check(),
    'agent:accounts': () => handovers.list(),
    'agent:hand-over': ({ accountId }) => handovers.handOver(accountId),
    'agent:bring-back': ({ accountId, othersToo }) => handovers.bringBack(accountId, { othersToo: othersToo === true }),
    'agent:others': () => follow.others(),
    'agent:follow': ({ agentAccountId }) => follow.follow(agentAccountId),
  }
}
