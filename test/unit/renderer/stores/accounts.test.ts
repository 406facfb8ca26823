import type { AccountSummary, AccountsList } from '@shared/channels/accounts'
import { userText } from '@shared/i18n/user-text'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts'
import { account, state } from '../support/accounts-fixtures'
import { failure, fakeBridge } from '../support/fake-bridge'

const shop = account()
const demo = account({ id: 'd1', label: 'Demo account', isDemo: true, encryption: 'session' })

/** What `accounts:changed` carries: the list, without whose screen shows which. */
function listOf(accounts: AccountSummary[]): AccountsList {
  const { activeId: _, ...list } = state(accounts)
  return list
}

beforeEach(() => {
  setActivePinia(createPinia())
})

describe('accounts store', () => {
  it('loads the accounts, knows the active one and follows changes from main', async () => {
    const bridge = fakeBridge({ 'accounts:list': () => state([shop, demo], 'd1') })
    const store = useAccountsStore()
    expect(store.active).toBeNull()
    await store.load()
    expect(store.loaded).toBe(true)
    expect(store.active?.id).toBe('d1')
    expect(store.accounts).toHaveLength(2)
    expect(store.keyring).toEqual({ available: true, backend: 'gnome_libsecret' })

    // Renamed elsewhere: the list changes, the account on this client's screen stays.
    bridge.emit('accounts:changed', listOf([shop, { ...demo, label: 'Demo (renamed)' }]))
    expect(store.active?.label).toBe('Demo (renamed)')
    expect(bridge.callsTo('accounts:list')).toHaveLength(1)
    await store.load()
    expect(bridge.listenerCount('accounts:changed')).toBe(1)
  })

  it('keeps its own account when another client switches, and asks main when its account leaves', async () => {
    let mainSays = state([shop, demo], 'd1')
    const bridge = fakeBridge({ 'accounts:list': () => mainSays })
    const store = useAccountsStore()
    await store.load()
    // Another client (window, page) switching changes nothing main sends here but the list.
    bridge.emit('accounts:changed', listOf([shop, demo]))
    expect(store.active?.id).toBe('d1')
    expect(bridge.callsTo('accounts:list')).toHaveLength(1)

    // Signed out elsewhere: main says which account this client is on now.
    mainSays = state([shop], 'a1')
    bridge.emit('accounts:changed', listOf([shop]))
    await vi.waitFor(() => expect(store.active?.id).toBe('a1'))
    expect(bridge.callsTo('accounts:list')).toHaveLength(2)

    // The last one gone: nothing on screen, nothing to ask.
    bridge.emit('accounts:changed', listOf([]))
    expect(store.active).toBeNull()
    expect(bridge.callsTo('accounts:list')).toHaveLength(2)

    // Accounts came to a client that had none: main says which it is on.
    mainSays = state([demo], 'd1')
    bridge.emit('accounts:changed', listOf([demo]))
    await vi.waitFor(() => expect(store.active?.id).toBe('d1'))
  })

  it('an older answer about the account on screen does not undo a newer switch', async () => {
    const answers: Array<() => void> = []
    fakeBridge({
      'accounts:list': () => state([shop, demo], 'a1'),
      'accounts:switch': (arg) => new Promise((resolve) => answers.push(() => resolve(state([shop, demo], (arg as { id: string }).id)))),
    })
    const store = useAccountsStore()
    await store.load()
    const toDemo = store.switchTo('d1')
    const back = store.switchTo('a1')
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    answers[1]!()
    await back
    answers[0]!()
    await toDemo
    expect(store.active?.id).toBe('a1')
  })

  it('connects with the arguments given and returns the new account', async () => {
    const bridge = fakeBridge({ 'accounts:connect': () => shop, 'accounts:list': () => state([shop]) })
    const store = useAccountsStore()
    const pending = store.connect({ baseUrl: 'https://gate.whapi.cloud', token: 'abcdefgh1234', storage: 'weak' })
    expect(store.busy).toBe(true)
    expect(await pending).toEqual(shop)
    expect(store.busy).toBe(false)
    expect(store.error).toBeNull()
    expect(bridge.callsTo('accounts:connect')).toEqual([{ baseUrl: 'https://gate.whapi.cloud', token: 'abcdefgh1234', storage: 'weak' }])
    expect(store.active?.id).toBe('a1')
  })

  it('keeps the failure with its reason and resolves to null', async () => {
    const refused = userText('apiErrors.connect.refusedToken', { host: 'gate.whapi.cloud' })
    fakeBridge({
      'accounts:connect': () => {
        throw failure('unauthorized', refused, { reason: 'unauthorized', status: 401 })
      },
    })
    const store = useAccountsStore()
    expect(await store.connect({ token: 'abcdefgh1234' })).toBeNull()
    expect(store.error).toEqual({
      code: 'unauthorized',
      text: refused,
      details: { reason: 'unauthorized', status: 401 },
    })
    expect(store.busy).toBe(false)
    store.clearError()
    expect(store.error).toBeNull()
  })

  it('switches, renames, signs out and starts the demo through main', async () => {
    const bridge = fakeBridge({
      'accounts:switch': () => state([shop, demo], 'a1'),
      'accounts:rename': () => account({ label: 'Main shop' }),
      'accounts:sign-out': () => state([demo], 'd1'),
      'accounts:demo': () => demo,
      'accounts:list': () => state([shop, demo], 'd1'),
    })
    const store = useAccountsStore()
    expect(await store.switchTo('a1')).toBe(true)
    expect(store.active?.id).toBe('a1')
    expect((await store.rename('a1', 'Main shop'))?.label).toBe('Main shop')
    expect(await store.signOut('a1', true)).toBe(true)
    expect(store.accounts.map((item) => item.id)).toEqual(['d1'])
    expect((await store.startDemo())?.isDemo).toBe(true)
    expect(bridge.calls.map((call) => call.channel)).toEqual([
      'accounts:switch',
      'accounts:rename',
      'accounts:list',
      'accounts:sign-out',
      'accounts:demo',
      'accounts:list',
    ])
    expect(bridge.callsTo('accounts:sign-out')).toEqual([{ id: 'a1', removeData: true }])
  })

  it('reports a failed switch and keeps the active account', async () => {
    fakeBridge({
      'accounts:list': () => state([shop, demo], 'a1'),
      'accounts:switch': () => {
        throw failure('not-found', userText('accountErrors.list.notFound'))
      },
    })
    const store = useAccountsStore()
    await store.load()
    expect(await store.switchTo('zz')).toBe(false)
    expect(store.active?.id).toBe('a1')
    expect(store.error?.code).toBe('not-found')
  })
})
