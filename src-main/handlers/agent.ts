import type { agentChannels } from '@shared/channels/agent'
import type { AgentLink } from '../features/agent/agent-link'
import type { HandoverService } from '../features/agent/handover-service'
import type { Handlers } from './dispatch'

/** The agent this desktop is paired with: pairing, its state, forgetting it, and the accounts that run on it. */
export function agentHandlers(link: AgentLink, handovers: HandoverService): Pick<Handlers, keyof typeof agentChannels> {
  return {
    'agent:status': () => link.status(),
    'agent:pair': (request) => link.pair(request),
    'agent:unpair': () => link.unpair(),
    'agent:check': () => link.check(),
    'agent:accounts': () => handovers.list(),
    'agent:hand-over': ({ accountId }) => handovers.handOver(accountId),
    'agent:bring-back': ({ accountId }) => handovers.bringBack(accountId),
  }
}
