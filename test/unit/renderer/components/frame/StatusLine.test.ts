import type { SyncState } from '@shared/channels/groups'
import type { AppErrorData } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import StatusLine from '../../../../../src-renderer/src/components/frame/StatusLine.vue'
import { useSyncStore } from '../../../../../src-renderer/src/stores/sync'
import { fakeBridge } from '../../support/fake-bridge'
import { plugins } from '../../support/groups-fixtures'
import { inEnglish } from '../../support/texts'

function state(overrides: Partial<SyncState> = {}): SyncState {
  return {
    accountId: 'a1',
    lastSyncedAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    syncing: false,
    progress: null,
    online: true,
    fromCache: false,
    lastError: null,
    lastResult: null,
    count: 5000,
    ...overrides,
  }
}

const mounted: Array<{ unmount(): void }> = []
afterEach(() => {
  for (const wrapper of mounted.splice(0)) wrapper.unmount()
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

async function mountLine(initial: SyncState, probe: (arg: unknown) => unknown = () => ({ online: true, probed: true })) {
  const bridge = fakeBridge({
    'connectivity:probe': probe,
    'groups:state': () => initial,
    'groups:sync': () => ({ added: 0, removed: 0, changed: 0, total: 5000, rejected: 0, durationMs: 5 }),
    'groups:cancel-sync': () => undefined,
  })
  const setup = plugins()
  await useSyncStore().load()
  const wrapper = mount(StatusLine, { ...setup, attachTo: document.body })
  mounted.push(wrapper)
  return { wrapper, bridge }
}

describe('StatusLine', () => {
  it('shows online, when the last sync was and how many groups there are', async () => {
    const { wrapper } = await mountLine(state())
    expect(wrapper.get('[data-testid="status-online"]').text()).toBe('Online')
    expect(wrapper.get('[data-testid="status-last-synced"]').text()).toBe('Last synced 3 minutes ago')
    expect(wrapper.get('[data-testid="status-count"]').text()).toBe('5,000 groups')
    expect(wrapper.find('[data-testid="status-cached"]').exists()).toBe(false)
  })

  it('says a sync of a few seconds ago happened "a moment ago", not "now"', async () => {
    const { wrapper } = await mountLine(state({ lastSyncedAt: new Date(Date.now() - 10_000).toISOString() }))
    expect(wrapper.get('[data-testid="status-last-synced"]').text()).toBe('Last synced a moment ago')
  })

  it('says clearly when it is offline and showing cached data, and why the sync failed', async () => {
    const lastError: AppErrorData = { code: 'offline', text: userText('apiErrors.network.unreachable') }
    const { wrapper } = await mountLine(state({ online: false, fromCache: true, lastError }))
    expect(wrapper.get('[data-testid="status-online"]').text()).toBe('Offline')
    expect(wrapper.get('[data-testid="status-cached"]').text()).toBe('Showing cached data')
    expect(wrapper.get('[data-testid="status-error"]').text()).toBe(`Last sync failed: ${inEnglish(lastError)}`)
  })

  it('words a server that kept sending pages plainly, whatever main called it', async () => {
    const { wrapper } = await mountLine(
      state({
        lastError: {
          code: 'invalid-response',
          text: userText('apiErrors.reply.groupsPage'),
          details: { reason: 'endless-paging', why: 'no-new-ids' },
        },
      }),
    )
    expect(wrapper.get('[data-testid="status-error"]').text()).toBe(
      'Last sync failed: the server kept sending pages of groups, so the sync was stopped. The groups shown are from the last complete sync.',
    )
  })

  it('shows progress while syncing, and a cancel button', async () => {
    const { wrapper, bridge } = await mountLine(state({ syncing: true }))
    expect(wrapper.get('[data-testid="status-progress"]').classes()).toContain('indeterminate')
    bridge.emit('sync:progress', { accountId: 'a1', fetched: 1500, total: 5000 })
    await flushPromises()
    expect(wrapper.get('[data-testid="status-syncing"]').text()).toBe('Syncing… 1,500 of 5,000 groups')
    expect(wrapper.get('[data-testid="status-progress"]').attributes('aria-valuenow')).toBe('30')
    await wrapper.get('[data-testid="sync-cancel"]').trigger('click')
    expect(bridge.callsTo('groups:cancel-sync')).toHaveLength(1)
  })

  it('says when the server allows the next try after a long Retry-After, and retries now when asked', async () => {
    const retryAt = new Date(Date.now() + 120_000)
    const { wrapper, bridge } = await mountLine(
      state({
        lastError: {
          code: 'rate-limited',
          text: userText('apiErrors.http.rateLimitedWait', { seconds: 120 }),
          details: { status: 429, retryAfterSeconds: 120, retryAt: retryAt.toISOString() },
        },
      }),
    )
    const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium' }).format(retryAt)
    expect(wrapper.get('[data-testid="status-retry-at"]').text()).toBe(`The server allows the next try at ${time}.`)
    await wrapper.get('[data-testid="sync-retry-now"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('groups:sync')).toHaveLength(1)
  })

  it('shows no retry time for an error without one', async () => {
    const { wrapper } = await mountLine(state({ lastError: { code: 'server', text: userText('apiErrors.http.server', { status: 500 }) } }))
    expect(wrapper.find('[data-testid="status-retry-at"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="sync-retry-now"]').exists()).toBe(false)
  })

  it('syncs when asked', async () => {
    const { wrapper, bridge } = await mountLine(state())
    await wrapper.get('[data-testid="sync-now"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('groups:sync')).toHaveLength(1)
  })

  it('probes the server when the window comes back into focus, at most once in a short while', async () => {
    const { bridge } = await mountLine(state())
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 60_000)
    window.dispatchEvent(new Event('focus'))
    await flushPromises()
    expect(bridge.callsTo('connectivity:probe')).toHaveLength(1)
    window.dispatchEvent(new Event('focus'))
    await flushPromises()
    expect(bridge.callsTo('connectivity:probe')).toHaveLength(1)
  })

  it('probes on a timer while idle, not while a sync is running', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] })
    const { bridge } = await mountLine(state())
    await vi.advanceTimersByTimeAsync(60_000)
    expect(bridge.callsTo('connectivity:probe')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(bridge.callsTo('connectivity:probe')).toHaveLength(2)

    bridge.emit('sync:state', state({ syncing: true }))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(bridge.callsTo('connectivity:probe')).toHaveLength(2)
  })

  it('shows “Checking…” instead of a stale claim, then what the probe learnt', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] })
    let answer: (value: unknown) => void = () => undefined
    const { wrapper } = await mountLine(state(), () => new Promise((resolve) => (answer = resolve)))
    const pill = () => wrapper.get('[data-testid="status-online"]')
    expect(pill().text()).toBe('Online')

    // Hidden for ten minutes: no probe ran, so "Online" is only what was true back then.
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(pill().text()).toBe('Checking…')
    expect(pill().attributes('data-checking')).toBe('true')

    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
    await flushPromises()
    expect(pill().text()).toBe('Checking…')
    answer({ online: false, probed: true })
    await flushPromises()
    expect(pill().text()).toBe('Offline')
    expect(pill().attributes('data-checking')).toBe('false')
  })

  it('says “Checking…” while a probe is slow, and nothing flickers for a quick one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] })
    let answer: (value: unknown) => void = () => undefined
    const { wrapper } = await mountLine(state(), () => new Promise((resolve) => (answer = resolve)))
    await vi.advanceTimersByTimeAsync(60_000)
    await vi.advanceTimersByTimeAsync(100)
    expect(wrapper.get('[data-testid="status-online"]').text()).toBe('Online')
    await vi.advanceTimersByTimeAsync(400)
    expect(wrapper.get('[data-testid="status-online"]').text()).toBe('Checking…')
    answer({ online: true, probed: true })
    await flushPromises()
    expect(wrapper.get('[data-testid="status-online"]').text()).toBe('Online')
  })

  it('keeps a long error whole: on hover, and in a details popover that Escape closes', async () => {
    const said = 'groups.17.participants.3.rank: Invalid option: expected one of "creator"|"admin"|"member"'
    const lastError: AppErrorData = {
      code: 'invalid-response',
      text: userText('apiErrors.reply.groupsPage'),
      details: { server: { message: said } },
    }
    const { wrapper } = await mountLine(state({ lastError }))
    const button = wrapper.get('[data-testid="status-error"]')
    expect(button.attributes('title')).toBe(`Last sync failed: ${inEnglish(lastError)}`)
    expect(button.get('.failure-text').text()).toBe(`Last sync failed: ${inEnglish(lastError)}`)

    await button.trigger('click')
    const details = document.querySelector<HTMLElement>('[data-testid="status-error-details"]')
    expect(details).not.toBeNull()
    const message = details!.querySelector('[data-testid="status-error-message"]')!
    expect(message.querySelector('.error-text')!.textContent).toBe(inEnglish(lastError))
    // What the server said is kept whole, behind the disclosure.
    expect(message.querySelector('[data-testid="error-extras"]')!.textContent).toContain(said)
    expect(details!.textContent).toContain('Error code: invalid-response')
    expect(button.attributes('aria-expanded')).toBe('true')

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }))
    await flushPromises()
    expect(document.querySelector('[data-testid="status-error-details"]')).toBeNull()
    expect(document.activeElement).toBe(button.element)

    await button.trigger('click')
    expect(document.querySelector('[data-testid="status-error-details"]')).not.toBeNull()
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    await flushPromises()
    expect(document.querySelector('[data-testid="status-error-details"]')).toBeNull()
  })
})
