import { describe, expect, it } from 'vitest'
import { sendOrder, type ClaimRequest } from '../../../../../../../src-main/features/stories/outbox/store/outbox-store'
import { A, B, LEASE, MINUTE, type SuiteContext } from './store-conformance'
import { iso, textItem } from './store-items'

export function describeClaims(ctx: SuiteContext): void {
  const send = (owner: string, now: number): ClaimRequest => ({ owner, leaseMs: LEASE, now, purpose: 'send' })
  const edit = (owner: string, now: number): ClaimRequest => ({ owner, leaseMs: LEASE, now, purpose: 'edit' })

  describe('claims', () => {
    it('takes a claim on an item in one of the states asked, at the revision asked, when none is live', async () => {
      const t = ctx.now()
      const me = ctx.store.owner
      const item = await ctx.store.insert(A, textItem(t, { state: 'failed' }), { mediaSource: null })
      expect(await ctx.store.claim(A, item.id, { ...edit(me, t), states: ['queued', 'scheduled'] })).toBeNull()
      expect(await ctx.store.claim(A, item.id, { ...edit(me, t), states: ['failed'], rev: 2 })).toBeNull()
      const claimed = await ctx.store.claim(A, item.id, { ...edit(me, t), states: ['failed'], rev: 1 })
      expect(claimed).toMatchObject({ id: item.id, state: 'failed', claim: { owner: me, expiresAt: iso(t + LEASE), purpose: 'edit' } })
      expect(await ctx.store.get(A, item.id)).toEqual(claimed)
      // The claim holds against anyone, its holder included, until it expires.
      expect(await ctx.store.claim(A, item.id, { ...edit('other', t + LEASE - 1), states: ['failed'] })).toBeNull()
      expect(await ctx.store.claim(A, item.id, { ...edit(me, t + 1), states: ['failed'] })).toBeNull()
      const taken = await ctx.store.claim(A, item.id, { ...edit('other', t + LEASE), states: ['failed'], rev: claimed!.rev })
      expect(taken?.claim?.owner).toBe('other')
      // A change made on the claimed item's revision is written.
      const next = await ctx.store.update(A, {
        item: { ...taken!, state: 'queued' },
        rev: taken!.rev,
        owner: 'other',
        release: true,
        now: t + LEASE,
      })
      expect(next).toMatchObject({ state: 'queued', rev: taken!.rev + 1, claim: null })
      expect(await ctx.store.claim(A, 'no-such-item', { ...edit(me, t), states: ['queued'] })).toBeNull()
    })

    it('claims the next story to send: queued only, oldest first, a planned one from its due instant', async () => {
      const t = ctx.now()
      const me = ctx.store.owner
      const planned = textItem(t - 60 * MINUTE, { dueAt: iso(t - 20 * MINUTE) })
      const older = textItem(t - 30 * MINUTE)
      const newer = textItem(t - 10 * MINUTE)
      const notQueued = [
        textItem(t - 90 * MINUTE, { state: 'scheduled', dueAt: iso(t + MINUTE) }),
        textItem(t - 90 * MINUTE, { state: 'failed' }),
        textItem(t - 90 * MINUTE, { state: 'unknown' }),
      ]
      for (const item of [newer, planned, ...notQueued, older]) await ctx.store.insert(A, item, { mediaSource: null })
      const order: string[] = []
      for (let i = 0; i < 4; i++) {
        const next = await ctx.store.claimNext(A, send(me, t))
        if (next === null) break
        expect(next.claim).toEqual({ owner: me, expiresAt: iso(t + LEASE), purpose: 'send' })
        order.push(next.id)
        await ctx.store.update(A, { item: { ...next, state: 'sent' }, rev: next.rev, owner: me, release: true, now: t })
      }
      expect(order).toEqual([older.id, planned.id, newer.id])
      // The port's own order, as the outbox sorts what it shows.
      expect(order).toEqual([newer, planned, older].sort(sendOrder).map((item) => item.id))
    })

    it('claims one story at a time per account for sending; other accounts and edit claims are not held up', async () => {
      const t = ctx.now()
      const me = ctx.store.owner
      const [a1, a2, a3] = [textItem(t - 3000), textItem(t - 2000), textItem(t - 1000)]
      for (const item of [a1, a2, a3]) await ctx.store.insert(A, item, { mediaSource: null })
      const b1 = await ctx.store.insert(B, textItem(t - 500), { mediaSource: null })
      // An edit claim on the oldest: the next send passes over it, and it does not block sending.
      expect(await ctx.store.claim(A, a1.id, { ...edit('editor', t), states: ['queued'] })).not.toBeNull()
      const first = await ctx.store.claimNext(A, send(me, t))
      expect(first?.id).toBe(a2.id)
      expect(await ctx.store.claimNext(A, send(me, t + 1))).toBeNull()
      expect(await ctx.store.claimNext(A, send('other', t + 1))).toBeNull()
      expect(await ctx.store.claim(A, a3.id, { ...send('other', t + 1), states: ['queued'] })).toBeNull()
      expect((await ctx.store.claimNext(B, send(me, t + 1)))?.id).toBe(b1.id)
      // Edits go on while a send holds the account.
      expect(await ctx.store.claim(A, a3.id, { ...edit('editor', t + 1), states: ['queued'] })).not.toBeNull()
      // The turn passes when the send lets go, or when its lease runs out.
      await ctx.store.update(A, { item: { ...first!, state: 'sent' }, rev: first!.rev, owner: me, release: true, now: t + 2 })
      expect(await ctx.store.claimNext(A, send(me, t + 3))).toBeNull() // a1 and a3 are being edited
      const late = t + LEASE + 1
      const second = await ctx.store.claimNext(A, send('other', late))
      expect(second?.id).toBe(a1.id)
      expect(await ctx.store.claimNext(A, send(me, late))).toBeNull()
      expect(await ctx.store.claimNext(A, send(me, late + LEASE))).not.toBeNull()
    })

    it("renews the caller's live claim only", async () => {
      const t = ctx.now()
      const me = ctx.store.owner
      const item = await ctx.store.insert(A, textItem(t), { mediaSource: null })
      await ctx.store.claim(A, item.id, { ...send(me, t), states: ['queued'] })
      expect(await ctx.store.renew(A, item.id, send('other', t + 1000))).toBe(false)
      expect(await ctx.store.renew(A, item.id, send(me, t + 1000))).toBe(true)
      const renewed = await ctx.store.get(A, item.id)
      expect(renewed?.claim).toEqual({ owner: me, expiresAt: iso(t + 1000 + LEASE), purpose: 'send' })
      expect(renewed?.rev).toBe(item.rev)
      // Lapsed: gone to whoever finds it, even if nobody took it yet.
      expect(await ctx.store.renew(A, item.id, send(me, t + 1000 + LEASE))).toBe(false)
      await ctx.store.claim(A, item.id, { ...send('other', t + 1000 + LEASE), states: ['queued'] })
      expect(await ctx.store.renew(A, item.id, send(me, t + 1000 + LEASE + 1))).toBe(false)
      expect(await ctx.store.renew(A, 'no-such-item', send(me, t))).toBe(false)
    })

    it('lists the items whose claim expired before the instant given', async () => {
      const t = ctx.now()
      const [short, long, free] = [textItem(t), textItem(t), textItem(t)]
      for (const item of [short, long, free]) await ctx.store.insert(A, item, { mediaSource: null })
      await ctx.store.claim(A, short.id, { owner: 'gone-engine', leaseMs: 1000, now: t, purpose: 'send', states: ['queued'] })
      await ctx.store.claim(A, long.id, { owner: 'gone-engine', leaseMs: 10 * MINUTE, now: t, purpose: 'edit', states: ['queued'] })
      expect(await ctx.store.expired(A, t + 999)).toEqual([])
      expect((await ctx.store.expired(A, t + 1000)).map((i) => i.id)).toEqual([short.id])
      expect((await ctx.store.expired(A, t + 10 * MINUTE + 1)).map((i) => i.id).sort()).toEqual([short.id, long.id].sort())
      expect(await ctx.store.expired(B, t + 10 * MINUTE + 1)).toEqual([])
    })
  })
}
