import type { ChannelName } from '@shared/channels/contract'
import type { AgentInsights } from '../features/agent/agent-insights'
import type { AgentPublish } from '../features/agent/agent-publish'
import type { AgentQueue } from '../features/agent/agent-queue'
import { AgentRouting } from '../features/agent/agent-routing'
import type { Handler, Handlers } from '../handlers/dispatch'

/**
 * The handlers with every call that may concern a hosted account passed through the agent
 * routing, which decides there whether it runs here or on the agent: the one place that decides.
 * A publish naming such an account goes through the agent's publish the same way, and the
 * posting queue's calls and the Insights figures about every account ask the agent for its part.
 */
export function routedHandlers(
  handlers: Handlers,
  routing: AgentRouting,
  { publish, queue, insights }: { publish: AgentPublish; queue: AgentQueue; insights: AgentInsights },
): Handlers {
  const routed = { ...handlers } as Record<ChannelName, Handler<ChannelName>>
  for (const name of Object.keys(handlers) as ChannelName[]) {
    if (!AgentRouting.routes(name)) continue
    const local = handlers[name] as Handler<ChannelName>
    routed[name] = (arg, ctx) => routing.call(name, arg, async () => local(arg, ctx)) as never
  }
  const localPublish = handlers['stories:publish']
  routed['stories:publish'] = ((arg, ctx) =>
    publish.publish(
      arg,
      async (part) => localPublish(part, ctx),
      async () => {
        // Every account holds the story, none of them here: the composer's draft and its file end here.
        await handlers['stories:draft-clear']({ accountId: arg.draftOf! }, ctx)
        const grantId = arg.draft.kind === 'media' ? arg.draft.media.grantId : null
        if (grantId !== null) await handlers['stories:media-release']({ id: grantId }, ctx)
      },
    )) as Handler<'stories:publish'> as Handler<ChannelName>
  // A cancel reaches both: the press's part here, and its part on its way to (or held by) the agent.
  const localCancel = handlers['stories:cancel']
  routed['stories:cancel'] = (async (arg, ctx) => {
    await publish.cancel(arg.requestId)
    return localCancel(arg, ctx)
  }) as Handler<'stories:cancel'> as Handler<ChannelName>
  const localNextFree = handlers['queue:next-free']
  routed['queue:next-free'] = ((arg, ctx) =>
    queue.nextFree(arg.accountIds, async (accountIds) =>
      localNextFree({ accountIds }, ctx),
    )) as Handler<'queue:next-free'> as Handler<ChannelName>
  const scopedOccurrences = routed['queue:occurrences'] as Handler<'queue:occurrences'>
  const localOccurrences = handlers['queue:occurrences']
  routed['queue:occurrences'] = ((arg, ctx) =>
    arg.accountId === null
      ? queue.everyAccount({ from: arg.from, to: arg.to }, async () => localOccurrences(arg, ctx))
      : scopedOccurrences(arg, ctx)) as Handler<'queue:occurrences'> as Handler<ChannelName>
  const scopedOverview = routed['insights:overview'] as Handler<'insights:overview'>
  const localOverview = handlers['insights:overview']
  routed['insights:overview'] = ((arg, ctx) =>
    arg.accountId === null
      ? insights.everyAccount({ ...arg, accountId: null }, async () => localOverview(arg, ctx))
      : scopedOverview(arg, ctx)) as Handler<'insights:overview'> as Handler<ChannelName>
  const scopedStories = routed['insights:stories'] as Handler<'insights:stories'>
  const localStories = handlers['insights:stories']
  routed['insights:stories'] = ((arg, ctx) =>
    arg.accountId === null
      ? insights.storiesOfEvery(arg, async (page) => localStories({ ...arg, ...page }, ctx))
      : scopedStories(arg, ctx)) as Handler<'insights:stories'> as Handler<ChannelName>
  return routed as Handlers
}
