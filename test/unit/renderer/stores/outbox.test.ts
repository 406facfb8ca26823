import type { HistoryItemView, SetAsideItem } from '@shared/channels/outbox'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts'
import { useOutboxStore } from '../../../../src-renderer/src/stores/outbox'
import { useScheduleStore } from '../../../../src-renderer/src/stores/schedule'
import { account, state } from '../support/accounts-fixtures'
import { fakeBridge } from '../support/fake-bridge'
import { outboxItem } from '../support/publish-fixtures'

const two = state([account({ id: 'a1', label: 'Shop' }), account({ id: 'a2', label: 'Branch' })])
const items = [
  outboxItem({ id: 'q1', accountId: 'a1' }),
  outboxItem({ id: 'p1', accountId: 'a1', state: 'scheduled', dueAt: '2099-01-02T09:00:00Z' }),
  outboxItem({ id: 'q2', accountId: 'a2' }),
  outboxItem({ id: 'p2', accountId: 'a2', state: 'scheduled', dueAt: '2099-01-01T09:00:00Z' }),
  outboxItem({ id: 'm2', accountId: 'a2', state: 'missed', dueAt: '2026-01-01T09:00:00Z' }),
]
const entry = (id: string, accountId: string): HistoryItemView => ({
  id,
  accountId,
  publishedAt: '2026-01-01T00:00:00Z',
  summary: outboxItem({ id }).summary,
  messageId: `m-${id}`,
  messageStatus: 'sent',
  confirmation: 'confirmed',
})
const history = [entry('h2', 'a2'), entry('h1', 'a1')]
const setAside: SetAsideItem[] = [
  { accountId: 'a1', id: 'history.json.corrupt-1', kind: 'history', at: '2026-01-01T00:00:00Z', bytes: 10, preview: '{', restorable: true },
  {
    accountId: 'a2',
    id: 'drafts/saved.json.corrupt-1',
    kind: 'saved-drafts',
    at: '2026-01-01T00:00:00Z',
    bytes: 10,
    preview: '[',
    restorable: true,
  },
  {
    accountId: null,
    id: 'audiences.json.corrupt-1',
    kind: 'audiences',
    at: '2026-01-01T00:00:00Z',
    bytes: 10,
    preview: '[',
    restorable: true,
  },
]

function bridgeFor(overrides: Parameters<typeof fakeBridge>[0] = {}) {
  return fakeBridge({
    'accounts:list': () => two,
    'stories:outbox-list': () => items,
    'stories:history-list': () => history,
    'stories:set-aside-list': () => setAside,
    ...overrides,
  })
}

async function loaded() {
  await useAccountsStore().load()
  const outbox = useOutboxStore()
  await outbox.load()
  return outbox
}

const ids = (list: readonly { id: string }[]) => list.map((item) => item.id)

beforeEach(() => {
  setActivePinia(createPinia())
})

describe('outbox store', () => {
  it('keeps each account’s items apart: an event for one account leaves the other’s', async () => {
    const bridge = bridgeFor()
    const outbox = await loaded()
    expect(ids(outbox.items)).toEqual(['q1', 'p1', 'q2', 'p2', 'm2'])
    bridge.emit('stories:outbox-changed', { accountId: 'a2', items: [outboxItem({ id: 'q3', accountId: 'a2' })] })
    expect(ids(outbox.items)).toEqual(['q1', 'p1', 'q3'])
    // An account whose outbox emptied has nothing left on screen; the other still has its own.
    bridge.emit('stories:outbox-changed', { accountId: 'a1', items: [] })
    expect(ids(outbox.items)).toEqual(['q3'])
  })

  it('narrows every list to the account chosen, and the planned count follows', async () => {
    bridgeFor()
    const outbox = await loaded()
    const schedule = useScheduleStore()
    expect(outbox.manyAccounts).toBe(true)
    expect(ids(schedule.planned)).toEqual(['m2', 'p2', 'p1'])
    outbox.accountFilter = 'a1'
    expect(ids(outbox.shownItems)).toEqual(['q1', 'p1'])
    expect(ids(schedule.planned)).toEqual(['p1'])
    expect(ids(outbox.shownHistory)).toEqual(['h1'])
    // The app's own lists serve every account, so they stay.
    expect(ids(outbox.shownSetAside)).toEqual(['history.json.corrupt-1', 'audiences.json.corrupt-1'])
    outbox.accountFilter = null
    expect(ids(outbox.shownHistory)).toEqual(['h2', 'h1'])
  })

  it('drops an account no longer listed, and forgets a filter on it', async () => {
    const bridge = bridgeFor()
    const outbox = await loaded()
    outbox.accountFilter = 'a2'
    const signedOut = state([account({ id: 'a1', label: 'Shop' })])
    bridge.emit('accounts:changed', signedOut)
    expect(ids(outbox.items)).toEqual(['q1', 'p1'])
    expect(ids(outbox.history)).toEqual(['h1'])
    expect(ids(outbox.setAside)).toEqual(['history.json.corrupt-1', 'audiences.json.corrupt-1'])
    expect(outbox.accountFilter).toBeNull()
    // A late event of the account signed out puts nothing back.
    bridge.emit('stories:outbox-changed', { accountId: 'a2', items: [outboxItem({ id: 'late', accountId: 'a2' })] })
    expect(ids(outbox.items)).toEqual(['q1', 'p1'])
  })

  it('reads the lists again when a new account appears, not when the open one changes', async () => {
    const bridge = bridgeFor()
    await loaded()
    bridge.emit('accounts:changed', { ...two, activeId: 'a2' })
    expect(bridge.callsTo('stories:outbox-list')).toHaveLength(1)
    bridge.emit('accounts:changed', state([...two.accounts, account({ id: 'a3', label: 'Kiosk' })]))
    expect(bridge.callsTo('stories:outbox-list')).toHaveLength(2)
  })

  it('acts on an item in its own account and replaces that account’s items alone', async () => {
    const bridge = bridgeFor({ 'stories:outbox-act': () => [outboxItem({ id: 'q2', accountId: 'a2', state: 'sending' })] })
    const outbox = await loaded()
    await outbox.act(outbox.items[2]!, 'send-now')
    // With the revision the user saw: main refuses a decision on a story that moved on since.
    expect(bridge.callsTo('stories:outbox-act')).toEqual([{ accountId: 'a2', id: 'q2', action: 'send-now', rev: 1 }])
    expect(outbox.items.map((item) => `${item.accountId}:${item.id}:${item.state}`)).toEqual([
      'a1:q1:queued',
      'a1:p1:scheduled',
      'a2:q2:sending',
    ])
  })

  it('names the account of a set-aside file, or none for the app’s own lists', async () => {
    const bridge = bridgeFor({ 'stories:set-aside-act': () => setAside.slice(0, 2) })
    const outbox = await loaded()
    expect(await outbox.actOnSetAside(setAside[2]!, 'discard')).toBe(true)
    expect(bridge.callsTo('stories:set-aside-act')).toEqual([{ accountId: null, id: 'audiences.json.corrupt-1', action: 'discard' }])
    expect(outbox.setAside).toHaveLength(2)
  })
})
