import type { ChannelName } from '@shared/channels/contract'
import { AgentRouting } from '../features/agent/agent-routing'
import type { Handler, Handlers } from '../handlers/dispatch'

/**
 * The handlers with every call that may concern a hosted account passed through the agent
 * routing, which decides there whether it runs here or on the agent: the one place that decides.
 */
export function routedHandlers(handlers: Handlers, routing: AgentRouting): Handlers {
  const routed = { ...handlers } as Record<ChannelName, Handler<ChannelName>>
  for (const name of Object.keys(handlers) as ChannelName[]) {
    if (!AgentRouting.routes(name)) continue
    const local = handlers[name] as Handler<ChannelName>
    routed[name] = (arg, ctx) => routing.call(name, arg, async () => local(arg, ctx)) as never
  }
  return routed as Handlers
}
