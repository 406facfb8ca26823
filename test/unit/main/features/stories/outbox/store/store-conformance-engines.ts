import { afterEach, describe, expect, it } from 'vitest'
import type { OutboxItem } from '../../../../../../../src-main/features/stories/outbox/outbox-item'
import { claimLive, type ClaimRequest, type OutboxStore } from '../../../../../../../src-main/features/stories/outbox/store/outbox-store'
import { A, LEASE, type SuiteContext } from './store-conformance'
import { expectConflict, textItem } from './store-items'

/** claimNext calls racing in each round of the contention test, split between the two engines. */
const RACERS = 50
const ROUNDS = 5

export function describeTwoEngines(ctx: SuiteContext): void {
  describe('two engines on one storage', () => {
    let other: OutboxStore | null = null
    const second = async (skip: (note: string) => never): Promise<OutboxStore> => {
      if (!ctx.fx.second) skip('this backend keeps its storage to one process')
      other = await ctx.fx.second()
      expect(other.owner).not.toBe(ctx.store.owner)
      return other
    }
    const send = (store: OutboxStore, now: number): ClaimRequest => ({ owner: store.owner, leaseMs: LEASE, now, purpose: 'send' })
    afterEach(async () => {
      await other?.close()
      other = null
    })

    it("sees the other engine's items and respects its claims", async ({ skip }) => {
      const two = await second(skip)
      const t = ctx.now()
      const item = await ctx.store.insert(A, textItem(t), { mediaSource: null })
      expect(await two.get(A, item.id)).toEqual(item)
      const held = await ctx.store.claimNext(A, send(ctx.store, t))
      expect(held?.id).toBe(item.id)
      expect(await two.claim(A, item.id, { ...send(two, t + 1), states: ['queued'] })).toBeNull()
      expect(await two.claimNext(A, send(two, t + 1))).toBeNull()
      await expectConflict(
        two.update(A, { item: { ...item, state: 'failed' }, rev: held!.rev, owner: two.owner, release: true, now: t + 1 }),
        'held',
      )
      // Its lease ran out: the other engine finds it, and takes it.
      expect((await two.expired(A, t + LEASE)).map((i) => i.id)).toEqual([item.id])
      expect((await two.claimNext(A, send(two, t + LEASE)))?.claim?.owner).toBe(two.owner)
    })

    it('lets exactly one of two engines claiming one item at once have it', async ({ skip }) => {
      const two = await second(skip)
      const t = ctx.now()
      for (let i = 0; i < 10; i++) {
        const item = await ctx.store.insert(A, textItem(t), { mediaSource: null })
        const claims = await Promise.all(
          [ctx.store, two, ctx.store, two].map((store) => store.claim(A, item.id, { ...send(store, t), states: ['queued'] })),
        )
        expect(claims.filter((c) => c !== null)).toHaveLength(1)
        const won = claims.find((c) => c !== null)!
        await (won.claim!.owner === ctx.store.owner ? ctx.store : two).update(A, {
          item: { ...won, state: 'sent' },
          rev: won.rev,
          owner: won.claim!.owner,
          release: true,
          now: t,
        })
      }
    })

    it(`sends one story at a time under ${RACERS} racing claims from two engines, never one twice`, async ({ skip }) => {
      const two = await second(skip)
      const t = ctx.now()
      for (let i = 0; i < ROUNDS; i++) await ctx.store.insert(A, textItem(t - 10_000 + i), { mediaSource: null })
      const seen = new Set<string>()
      for (let round = 0; round < ROUNDS; round++) {
        const now = t + round
        const racers = Array.from({ length: RACERS }, (_, i) => (i % 2 === 0 ? ctx.store : two))
        const results = await Promise.all(racers.map((store) => store.claimNext(A, send(store, now))))
        const winners = results.filter((r): r is OutboxItem => r !== null)
        expect(winners, `round ${round}`).toHaveLength(1)
        const [won] = winners as [OutboxItem]
        expect(seen.has(won.id), `${won.id} claimed twice`).toBe(false)
        seen.add(won.id)
        const sending = (await ctx.store.list(A)).filter((item) => claimLive(item, now) && item.claim!.purpose === 'send')
        expect(sending.map((item) => item.id)).toEqual([won.id])
        const winner = won.claim!.owner === ctx.store.owner ? ctx.store : two
        await winner.update(A, { item: { ...won, state: 'sent' }, rev: won.rev, owner: winner.owner, release: true, now })
      }
      expect(seen.size).toBe(ROUNDS)
      expect(await Promise.all([ctx.store, two].map((store) => store.claimNext(A, send(store, t + ROUNDS))))).toEqual([null, null])
    })
  })
}
