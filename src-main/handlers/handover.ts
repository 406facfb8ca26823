import type { handoverChannels } from '@shared/channels/handover'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { InsightsHandover } from '../features/insights/insights-handover'
import type { AudiencesHandover } from '../features/stories/library/audiences-handover'
import type { OutboxHandover } from '../features/stories/outbox/outbox-handover'
import type { CallContext, Handlers } from './dispatch'

/**
 * The engine's side of a hand-over, answered to the other engine only: a paired desktop calling
 * its agent (the agent's transport). A page of this engine cannot hold its own stories away.
 */
export function handoverHandlers(
  handover: OutboxHandover,
  insights: InsightsHandover,
  audiences: AudiencesHandover,
): Pick<Handlers, keyof typeof handoverChannels> {
  const fromAgentPeer = (ctx: CallContext): void => {
    if (ctx.transport !== 'agent') throw new AppError('invalid-request', userText('errors.bridge.noEndpoint'))
  }
  return {
    'handover:hold': async ({ handoverId, accountId }, ctx) => {
      fromAgentPeer(ctx)
      return { ids: await handover.hold(accountId, handoverId) }
    },
    'handover:give': async ({ handoverId, accountId, id }, ctx) => {
      fromAgentPeer(ctx)
      return handover.give(accountId, handoverId, id)
    },
    'handover:take': async ({ handoverId, accountId, item, media }, ctx) => {
      fromAgentPeer(ctx)
      return { taken: await handover.take(accountId, handoverId, { item, media }) }
    },
    'handover:taken': async ({ accountId }, ctx) => {
      fromAgentPeer(ctx)
      await handover.taken(accountId)
    },
    'handover:release': async ({ handoverId, accountId }, ctx) => {
      fromAgentPeer(ctx)
      return { removed: await handover.release(accountId, handoverId) }
    },
    'handover:insights-give': async ({ handoverId, accountId, offset }, ctx) => {
      fromAgentPeer(ctx)
      return insights.give(accountId, handoverId, offset)
    },
    'handover:insights-take': async ({ handoverId, accountId, ...piece }, ctx) => {
      fromAgentPeer(ctx)
      return insights.take(accountId, handoverId, piece)
    },
    'handover:audiences-give': async ({ handoverId, accountId, after }, ctx) => {
      fromAgentPeer(ctx)
      return audiences.give(accountId, handoverId, after)
    },
    'handover:audiences-take': async ({ accountId, audiences: given }, ctx) => {
      fromAgentPeer(ctx)
      return audiences.take(accountId, given)
    },
    'handover:unhold': async ({ handoverId, accountId }, ctx) => {
      fromAgentPeer(ctx)
      return { released: await handover.unhold(accountId, handoverId) }
    },
  }
}
