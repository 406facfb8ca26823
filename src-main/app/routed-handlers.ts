import type { ChannelName } from '@shared/channels/contract'
import { type AgentSplitters, agentRoutes, type LocalCall } from '../features/agent/agent-routes'
import type { Handler, Handlers } from '../handlers/dispatch'

/**
 * The handlers with every call that may concern a hosted account split as the agent's routes say
 * (`features/agent/agent-routes.ts`): run here, on the agent, or in parts across both.
 */
export function routedHandlers(handlers: Handlers, split: AgentSplitters): Handlers {
  const routed = { ...handlers } as Record<ChannelName, Handler<ChannelName>>
  for (const [name, route] of agentRoutes()) {
    routed[name] = (arg, ctx) => {
      const local = ((channel: ChannelName, part: unknown) => Promise.resolve(handlers[channel](part as never, ctx))) as LocalCall
      return route(split, arg, local)
    }
  }
  return routed as Handlers
}
