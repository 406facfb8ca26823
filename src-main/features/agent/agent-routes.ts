import type { ChannelName, ChannelParsedArgs, ChannelResult } from '@shared/channels/contract'
import type { AgentAudiences } from './agent-audiences'
import type { AgentBestTimes } from './agent-best-times'
import type { AgentInsights } from './agent-insights'
import type { AgentInsightsExport } from './agent-insights-export'
import type { AgentPublish } from './agent-publish'
import type { AgentQueue } from './agent-queue'
import type { AgentRouting } from './agent-routing'

/** This desktop's own handler of a channel, called for the same client. */
export type LocalCall = <C extends ChannelName>(channel: C, arg: ChannelParsedArgs<C>) => Promise<ChannelResult<C>>

/** What splits a call between this desktop and the agent. */
export interface AgentSplitters {
  routing: AgentRouting
  publish: AgentPublish
  queue: AgentQueue
  insights: AgentInsights
  bestTimes: AgentBestTimes
  insightsExport: AgentInsightsExport
  audiences: AgentAudiences
}

type Route<C extends ChannelName> = (split: AgentSplitters, arg: ChannelParsedArgs<C>, local: LocalCall) => Promise<ChannelResult<C>>
type Routes = { readonly [C in ChannelName]?: Route<C> }

/** About one account: the agent answers it when that account runs there. */
function oneAccount<C extends ChannelName>(channel: C): Route<C> {
  return (split, arg, local) => split.routing.oneAccount(channel, arg, () => local(channel, arg)) as Promise<ChannelResult<C>>
}

/** Every account's list: the hosted accounts' part from the agent (as last seen while it is away), the rest from here. */
function everyAccount<C extends ChannelName>(channel: C): Route<C> {
  return (split, arg, local) => split.routing.everyAccount(channel, () => local(channel, arg)) as Promise<ChannelResult<C>>
}

/**
 * Every channel that may concern an account handed over to the agent, and how its call is split
 * between this desktop and the agent: the one table of it. A channel not listed always runs here.
 */
const ROUTES: Routes = {
  'stories:outbox-list': everyAccount('stories:outbox-list'),
  'stories:history-list': everyAccount('stories:history-list'),
  'stories:outbox-act': oneAccount('stories:outbox-act'),
  'stories:schedule-edit': oneAccount('stories:schedule-edit'),
  'stories:schedule-duplicate': oneAccount('stories:schedule-duplicate'),
  'queue:get': oneAccount('queue:get'),
  'queue:set': oneAccount('queue:set'),
  'queue:move': oneAccount('queue:move'),
  // One account's figures, or (no account) every account's: each hosted account's part from the agent, merged with the rest.
  'insights:overview': (split, arg, local) =>
    arg.accountId === null
      ? split.insights.everyAccount({ ...arg, accountId: null }, () => local('insights:overview', arg))
      : oneAccount('insights:overview')(split, arg, local),
  'insights:stories': (split, arg, local) =>
    arg.accountId === null
      ? split.insights.storiesOfEvery(arg, (page) => local('insights:stories', { ...arg, ...page }))
      : oneAccount('insights:stories')(split, arg, local),
  'insights:reach-curve': oneAccount('insights:reach-curve'),
  // The accounts ticked: each account's own times from where it runs, put together here.
  'insights:best-times': (split, arg, local) => split.bestTimes.bestTimes(arg, (part) => local('insights:best-times', part)),
  // One account's CSV, or every account's: each hosted account's rows read from the agent, never this desktop's old copy.
  'insights:export': (split, arg, local) => split.insightsExport.export(arg, () => local('insights:export', arg)),
  // One account's calendar, or (no account) every account's: each account's slots from where it runs.
  'queue:occurrences': (split, arg, local) =>
    arg.accountId === null
      ? split.queue.everyAccount({ from: arg.from, to: arg.to }, () => local('queue:occurrences', arg))
      : oneAccount('queue:occurrences')(split, arg, local),
  // Each account's next free slot, asked where it runs.
  'queue:next-free': (split, arg, local) => split.queue.nextFree(arg.accountIds, (accountIds) => local('queue:next-free', { accountIds })),
  // A press: each account's part published where it runs.
  'stories:publish': (split, arg, local) =>
    split.publish.publish(
      arg,
      (part) => local('stories:publish', part),
      async () => {
        // Every account holds the story, none of them here: the composer's draft and its file end here.
        await local('stories:draft-clear', { accountId: arg.draftOf! })
        const grantId = arg.draft.kind === 'media' ? arg.draft.media.grantId : null
        if (grantId !== null) await local('stories:media-release', { id: grantId })
      },
    ),
  // The saved audiences: this desktop's and the agent's (handed over with its accounts, by anyone of the team).
  'audiences:list': (split, _arg, local) => split.audiences.list(() => local('audiences:list', undefined)),
  'audiences:save': (split, arg, local) =>
    split.audiences.edit('audiences:save', arg, arg.id, {
      list: () => local('audiences:list', undefined),
      edit: () => local('audiences:save', arg),
    }),
  'audiences:delete': (split, arg, local) =>
    split.audiences.edit('audiences:delete', arg, arg.id, {
      list: () => local('audiences:list', undefined),
      edit: () => local('audiences:delete', arg),
    }),
  // A CSV makes an audience here; the answer's list is the merged one, as `audiences:list` gives it.
  'audiences:csv-import': (split, arg, local) => split.audiences.added(() => local('audiences:csv-import', arg)),
  // A cancel reaches both: the press's part here, and its part on its way to (or held by) the agent.
  'stories:cancel': async (split, arg, local) => {
    await split.publish.cancel(arg.requestId)
    return local('stories:cancel', arg)
  },
}

/** The channels the agent may take part in, each with how its call is split. */
export function agentRoutes(): Array<[ChannelName, Route<ChannelName>]> {
  return Object.entries(ROUTES) as Array<[ChannelName, Route<ChannelName>]>
}
