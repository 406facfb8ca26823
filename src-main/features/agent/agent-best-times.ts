import { z } from 'zod'
import { type BestTimes, MAX_EACH_ACCOUNTS } from '@shared/channels/insights'
import { type AccountBestTimes, mergeBestTimes, SLOTS_PER_ACCOUNT } from '../insights/best-times'
import { ZoneClock } from '../insights/zoned-hours'
import { AgentParts } from './agent-parts'
import { viewKey } from './agent-routing'
import { splitAccounts } from './agent-split'
import type { HostedAccount } from './hosted-accounts'

/**
 * One account's good times as the agent tells them: the weekday, hour and share of each, no more
 * than an account is asked for. Its instants are not read: they are the agent's clock's, and
 * each time is placed here on this desktop's (so a kept answer still points ahead).
 */
const AccountTimesSchema = z.object({
  thin: z.boolean(),
  slots: z
    .array(z.object({ weekday: z.number().int().min(0).max(6), hour: z.number().int().min(0).max(23), share: z.number().min(0).max(1) }))
    .max(SLOTS_PER_ACCOUNT)
    // Shares of one account's views: together they are at most all of them (an account cannot outweigh the others).
    .refine((slots) => slots.reduce((sum, slot) => sum + slot.share, 0) <= 1 + 1e-9),
})
type AccountTimes = z.infer<typeof AccountTimesSchema>
type Args = { accountIds: string[]; timeZone: string; count: number }

/**
 * The next good times for the accounts ticked under Publish to, some of which run on the agent.
 * Each account's own times are asked where it runs (the accounts on the agent in one call, each
 * by itself and under its id there), then put together here as if every account ran here
 * (`mergeBestTimes`: times good for most of the accounts first, then by their mean share of
 * views), so where an account runs never changes what is suggested. The answers give shares,
 * not story counts, so each account has one say, as it has when all of them run here. While the
 * agent is away, an account's last answer is counted and the times say as of when.
 */
export class AgentBestTimes extends AgentParts {
  /** `local` answers for accounts that run here. */
  async bestTimes(args: Args, local: (arg: Args) => Promise<BestTimes>): Promise<BestTimes> {
    const { theirs, mine } = splitAccounts(await this.opts.hosted.list(), [...new Set(args.accountIds)])
    if (theirs.length === 0) return local(args)
    const { timeZone } = args
    const one = (accountIds: string[]): Args => ({ accountIds, timeZone, count: SLOTS_PER_ACCOUNT })
    // Each account by itself: an account here that cannot be read has no say, as when all run here.
    const here = await Promise.allSettled(mine.map((id) => local(one([id]))))
    const call = {
      each: { channel: 'insights:best-times-each', arg: (accountIds: string[]) => one(accountIds), perCall: MAX_EACH_ACCOUNTS },
      one: { channel: 'insights:best-times', arg: (account: HostedAccount) => one([account.agentAccountId]) },
    }
    // The key of the account's own call as this desktop makes it: the instants are placed on reading.
    const parts = await this.partsOf(theirs, call, AccountTimesSchema, (account) =>
      viewKey('insights:best-times', one([account.accountId])),
    )
    const now = this.now().getTime()
    const clock = new ZoneClock(timeZone, now, now + 15 * 24 * 3600_000)
    const answers: AccountBestTimes[] = [
      ...here.flatMap((result) => (result.status === 'fulfilled' ? [{ thin: result.value.thin, slots: result.value.slots }] : [])),
      ...parts.map((part) => placed(part.value, clock, now)),
    ]
    const merged = mergeBestTimes(answers, args.count, now)
    const kept = parts.flatMap((part) => (part.asOf === null ? [] : [part.asOf])).sort()
    return kept.length === 0 ? merged : { ...merged, stale: true, asOf: kept[0]! }
  }
}

/** The account's times at their next occurrence on this desktop's clock; a weekday-hour told twice counts once. */
function placed(times: AccountTimes, clock: ZoneClock, now: number): AccountBestTimes {
  const seen = new Set<number>()
  const slots = times.slots.flatMap((slot) => {
    const cell = slot.weekday * 24 + slot.hour
    if (seen.has(cell)) return []
    seen.add(cell)
    return [{ ...slot, at: new Date(clock.nextAt(slot.weekday, slot.hour, now)).toISOString() }]
  })
  return { thin: times.thin, slots: times.thin ? [] : slots }
}
