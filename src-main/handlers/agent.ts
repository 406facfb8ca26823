import type { agentChannels } from '@shared/channels/agent'
import type { AgentLink } from '../features/agent/agent-link'
import type { Handlers } from './dispatch'

/** The agent this desktop is paired with: pairing, its state, forgetting it. */
export function agentHandlers(link: AgentLink): Pick<Handlers, keyof typeof agentChannels> {
  return {
    'agent:status': () => link.status(),
    'agent:certificate': ({ url }) => link.certificate(url),
    'agent:pair': (request) => link.pair(request),
    'agent:unpair': () => link.unpair(),
    'agent:check': () => link.check(),
  }
}
