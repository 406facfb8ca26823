import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { OutboxStore } from '../../../../../../../src-main/features/stories/outbox/store/outbox-store'
import { describeClaims } from './store-conformance-claims'
import { describeTwoEngines } from './store-conformance-engines'
import { expectConflict, iso, mediaFile, mediaItem, textItem } from './store-items'

/** The clock a fixture's stores read (set-aside names, a claim judged where a call carries no instant); tests move it. */
export interface StoreClock {
  now(): number
  advance(ms: number): void
}

/** What a backend hands the suite for one test: fresh storage, nothing in it. */
export interface StoreFixture {
  store: OutboxStore
  clock: StoreClock
  /**
   * Another store over the same storage with another owner, as a second engine process would
   * open it; null when the backend's storage belongs to one process (the files store: one data
   * folder, one app), and the tests of two engines skip.
   */
  second: (() => Promise<OutboxStore>) | null
  /** Damages the stored item so it no longer reads as one; absent when the backend cannot, and that test skips. */
  corrupt?: (accountId: string, id: string) => Promise<void>
  /** Closes every store it opened and removes the storage. */
  dispose(): Promise<void>
}

export type StoreFactory = () => Promise<StoreFixture>

/** What each group of tests reads: the fixture of the running test, and a folder for media sources. */
export interface SuiteContext {
  fx: StoreFixture
  store: OutboxStore
  sources: string
  now(): number
}

export const A = 'acct-a'
export const B = 'acct-b'
export const LEASE = 30_000
export const MINUTE = 60_000

/**
 * The contract of OutboxStore (outbox-store.ts), run against one backend. Every backend runs the
 * same tests; a backend that keeps one process per storage skips only the tests of two engines.
 */
export function describeOutboxStore(name: string, factory: StoreFactory): void {
  describe(`outbox store contract: ${name}`, () => {
    const ctx = {} as SuiteContext
    beforeEach(async () => {
      ctx.fx = await factory()
      ctx.store = ctx.fx.store
      ctx.sources = await mkdtemp(join(tmpdir(), 'statusdesk-sources-'))
      ctx.now = () => ctx.fx.clock.now()
      // Room for a backend whose storage takes seconds to make on a loaded machine.
    }, 60_000)
    afterEach(async () => {
      await ctx.fx.dispose()
      await rm(ctx.sources, { recursive: true, force: true })
    })

    describeItems(ctx)
    describeClaims(ctx)
    describeChanges(ctx)
    describeTwoEngines(ctx)
  })
}

function describeItems(ctx: SuiteContext): void {
  describe('items', () => {
    it('writes a new item at revision 1 and reads it back by id, by request id, in the list and at open', async () => {
      const t = ctx.now()
      const later = textItem(t)
      const earlier = textItem(t - MINUTE, { state: 'scheduled', dueAt: iso(t + MINUTE) })
      const written = await ctx.store.insert(A, later, { mediaSource: null })
      expect(written).toEqual({ ...later, rev: 1, claim: null })
      await ctx.store.insert(A, earlier, { mediaSource: null })
      expect(await ctx.store.get(A, later.id)).toEqual(written)
      expect(await ctx.store.findByRequest(A, later.requestId)).toEqual(written)
      expect((await ctx.store.list(A)).map((i) => i.id)).toEqual([earlier.id, later.id])
      const opened = await ctx.store.open(A)
      expect(opened.items.map((i) => [i.id, i.rev])).toEqual([
        [earlier.id, 1],
        [later.id, 1],
      ])
      expect(opened.setAside).toEqual([])
      expect(await ctx.store.get(A, 'no-such-item')).toBeNull()
      expect(await ctx.store.findByRequest(A, 'no-such-request')).toBeNull()
      expect(await ctx.store.list(B)).toEqual([])
      expect(await ctx.store.get(B, later.id)).toBeNull()
    })

    it('sets the revision and the claim itself, whatever the item says', async () => {
      const item = textItem(ctx.now(), { rev: 7, claim: { owner: 'someone', expiresAt: iso(ctx.now() + MINUTE), purpose: 'send' } })
      const written = await ctx.store.insert(A, item, { mediaSource: null })
      expect(written.rev).toBe(1)
      expect(written.claim).toBeNull()
    })

    it('refuses a request id already stored, naming the item that has it, and writes nothing', async () => {
      const first = await ctx.store.insert(A, textItem(ctx.now()), { mediaSource: null })
      const again = textItem(ctx.now(), { requestId: first.requestId })
      const refusal = await expectConflict(ctx.store.insert(A, again, { mediaSource: null }), 'request-taken')
      expect(refusal.current?.id).toBe(first.id)
      expect((await ctx.store.list(A)).map((i) => i.id)).toEqual([first.id])
      // Request ids are the account's own.
      await ctx.store.insert(B, again, { mediaSource: null })
    })

    it('with uniqueDue, refuses a due instant another live item of the account holds', async () => {
      const due = iso(ctx.now() + 10 * MINUTE)
      const first = await ctx.store.insert(A, textItem(ctx.now(), { state: 'scheduled', dueAt: due }), {
        mediaSource: null,
        uniqueDue: true,
      })
      const refusal = await expectConflict(
        ctx.store.insert(A, textItem(ctx.now(), { state: 'scheduled', dueAt: due }), { mediaSource: null, uniqueDue: true }),
        'slot-taken',
      )
      expect(refusal.current?.id).toBe(first.id)
      expect(await ctx.store.list(A)).toHaveLength(1)
      // Without the option, and in another account, the instant is free.
      await ctx.store.insert(A, textItem(ctx.now(), { state: 'scheduled', dueAt: due }), { mediaSource: null })
      await ctx.store.insert(B, textItem(ctx.now(), { state: 'scheduled', dueAt: due }), { mediaSource: null, uniqueDue: true })
      // A story that has gone no longer holds its slot.
      const other = iso(ctx.now() + 20 * MINUTE)
      await ctx.store.insert(A, textItem(ctx.now(), { state: 'sent', dueAt: other }), { mediaSource: null })
      await ctx.store.insert(A, textItem(ctx.now(), { state: 'scheduled', dueAt: other }), { mediaSource: null, uniqueDue: true })
    })

    it('holds an item inserted with a claim from its first instant', async () => {
      const t = ctx.now()
      const item = await ctx.store.insert(A, textItem(t), {
        mediaSource: null,
        claim: { owner: ctx.store.owner, leaseMs: LEASE, now: t, purpose: 'edit' },
      })
      expect(item.claim).toEqual({ owner: ctx.store.owner, expiresAt: iso(t + LEASE), purpose: 'edit' })
      expect((await ctx.store.get(A, item.id))?.claim).toEqual(item.claim)
      expect(
        await ctx.store.claim(A, item.id, { owner: 'other', leaseMs: LEASE, now: t + 1, purpose: 'edit', states: ['queued'] }),
      ).toBeNull()
    })

    it('refuses an insert holding a send claim while another item of the account is being sent', async () => {
      const t = ctx.now()
      const send = { owner: ctx.store.owner, leaseMs: LEASE, now: t, purpose: 'send' as const }
      const sending = await ctx.store.insert(A, textItem(t), { mediaSource: null, claim: send })
      const refusal = await expectConflict(ctx.store.insert(A, textItem(t), { mediaSource: null, claim: send }), 'held')
      expect(refusal.current?.id).toBe(sending.id)
      expect(await ctx.store.list(A)).toHaveLength(1)
      await ctx.store.insert(B, textItem(t), { mediaSource: null, claim: send })
    })

    it("copies the media in at insert: the store's file holds the same bytes, whatever becomes of the source", async () => {
      const { path, bytes } = await mediaFile(ctx.sources, 256 * 1024 + 17)
      const item = await ctx.store.insert(A, mediaItem(ctx.now(), bytes.length), { mediaSource: path })
      await rm(path)
      const copy = await ctx.store.mediaPath(A, item.id)
      expect((await readFile(copy)).equals(bytes)).toBe(true)
      expect(await ctx.store.mediaPath(A, item.id)).toBe(copy)
      await ctx.store.remove(A, item.id, { owner: ctx.store.owner })
      // Gone with its item: the path is refused, or names no file.
      await expect((async () => readFile(await ctx.store.mediaPath(A, item.id)))()).rejects.toThrow()
    })

    it('sets aside an item that can no longer be read, and names it at open', async ({ skip }) => {
      if (!ctx.fx.corrupt) return skip('this backend cannot damage an item by hand')
      const good = await ctx.store.insert(A, textItem(ctx.now()), { mediaSource: null })
      const bad = await ctx.store.insert(A, textItem(ctx.now()), { mediaSource: null })
      await ctx.fx.corrupt(A, bad.id)
      const opened = await ctx.store.open(A)
      expect(opened.items.map((i) => i.id)).toEqual([good.id])
      expect(opened.setAside).toHaveLength(1)
      expect(opened.setAside[0]).toContain(bad.id)
      expect(await ctx.store.get(A, bad.id)).toBeNull()
      expect((await ctx.store.open(A)).setAside).toEqual([])
    })
  })
}

function describeChanges(ctx: SuiteContext): void {
  describe('changes', () => {
    it('writes a change made on the current revision, one revision up; refuses one made on an older', async () => {
      const item = await ctx.store.insert(A, textItem(ctx.now()), { mediaSource: null })
      const owner = ctx.store.owner
      const changed = await ctx.store.update(A, { item: { ...item, attempts: 1 }, rev: 1, owner, release: false, now: ctx.now() })
      expect(changed).toMatchObject({ attempts: 1, rev: 2 })
      const refusal = await expectConflict(
        ctx.store.update(A, { item: { ...item, attempts: 5 }, rev: 1, owner, release: false, now: ctx.now() }),
        'changed',
      )
      expect(refusal.current).toEqual(changed)
      expect(await ctx.store.get(A, item.id)).toEqual(changed)
    })

    it("refuses a change while another owner's claim is live; an expired claim no longer blocks and is cleared", async () => {
      const t = ctx.now()
      const item = await ctx.store.insert(A, textItem(t), { mediaSource: null })
      const held = await ctx.store.claim(A, item.id, { owner: 'other', leaseMs: LEASE, now: t, purpose: 'edit', states: ['queued'] })
      expect(held?.claim?.owner).toBe('other')
      const change = { item: { ...item, state: 'failed' as const }, rev: held!.rev, owner: ctx.store.owner, release: false }
      const refusal = await expectConflict(ctx.store.update(A, { ...change, now: t + 1 }), 'held')
      expect(refusal.current?.claim?.owner).toBe('other')
      const written = await ctx.store.update(A, { ...change, now: t + LEASE + 1 })
      expect(written).toMatchObject({ state: 'failed', claim: null, rev: held!.rev + 1 })
    })

    it("keeps the writer's own claim unless it is released with the change", async () => {
      const t = ctx.now()
      const owner = ctx.store.owner
      const item = await ctx.store.insert(A, textItem(t), { mediaSource: null })
      const held = await ctx.store.claim(A, item.id, { owner, leaseMs: LEASE, now: t, purpose: 'send', states: ['queued'] })
      const sending = await ctx.store.update(A, { item: { ...held!, state: 'sending' }, rev: held!.rev, owner, release: false, now: t + 1 })
      expect(sending.claim).toEqual(held!.claim)
      const failed = await ctx.store.update(A, {
        item: { ...sending, state: 'failed' },
        rev: sending.rev,
        owner,
        release: true,
        now: t + 2,
      })
      expect(failed.claim).toBeNull()
      expect(
        await ctx.store.claim(A, item.id, { owner: 'other', leaseMs: LEASE, now: t + 3, purpose: 'edit', states: ['failed'] }),
      ).not.toBeNull()
    })

    it('refuses a change to an item that is gone', async () => {
      const item = textItem(ctx.now())
      await expectConflict(ctx.store.update(A, { item, rev: 1, owner: ctx.store.owner, release: true, now: ctx.now() }), 'gone')
    })

    it('with uniqueDue, refuses moving a plan onto an instant another live item holds', async () => {
      const t = ctx.now()
      const [a, b] = [iso(t + 10 * MINUTE), iso(t + 20 * MINUTE)]
      await ctx.store.insert(A, textItem(t, { state: 'scheduled', dueAt: a }), { mediaSource: null })
      const second = await ctx.store.insert(A, textItem(t, { state: 'scheduled', dueAt: b }), { mediaSource: null })
      const move = { item: { ...second, dueAt: a }, rev: 1, owner: ctx.store.owner, release: false, now: t }
      await expectConflict(ctx.store.update(A, { ...move, uniqueDue: true }), 'slot-taken')
      expect((await ctx.store.get(A, second.id))?.dueAt).toBe(b)
      // Its own instant is no conflict with itself.
      await ctx.store.update(A, { ...move, item: { ...second, attempts: 1 }, uniqueDue: true })
    })

    it('removes an item for good on the same checks; one gone already is fine', async () => {
      const t = ctx.now()
      const owner = ctx.store.owner
      const item = await ctx.store.insert(A, textItem(t), { mediaSource: null })
      await ctx.store.update(A, { item, rev: 1, owner, release: false, now: t })
      await expectConflict(ctx.store.remove(A, item.id, { rev: 1, owner }), 'changed')
      await ctx.store.claim(A, item.id, { owner: 'other', leaseMs: LEASE, now: t, purpose: 'edit', states: ['queued'] })
      await expectConflict(ctx.store.remove(A, item.id, { rev: 2, owner }), 'held')
      await ctx.store.remove(A, item.id, { rev: 2, owner: 'other' })
      expect(await ctx.store.get(A, item.id)).toBeNull()
      expect(await ctx.store.list(A)).toEqual([])
      await ctx.store.remove(A, item.id, { rev: 2, owner })
    })
  })
}
