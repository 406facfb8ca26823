import type { SyncState } from '@shared/channels/groups'
import { flushPromises, mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import StatusLine from '../../../../../src-renderer/src/components/frame/StatusLine.vue'
import { useSyncStore } from '../../../../../src-renderer/src/stores/sync'
import { fakeBridge } from '../../support/fake-bridge'
import { plugins } from '../../support/groups-fixtures'

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

async function mountLine(initial: SyncState) {
  const bridge = fakeBridge({
    'groups:state': () => initial,
    'groups:sync': () => ({ added: 0, removed: 0, changed: 0, total: 5000, rejected: 0, durationMs: 5 }),
    'groups:cancel-sync': () => undefined,
  })
  const setup = plugins()
  await useSyncStore().load()
  return { wrapper: mount(StatusLine, setup), bridge }
}

describe('StatusLine', () => {
  it('shows online, when the last sync was and how many groups there are', async () => {
    const { wrapper } = await mountLine(state())
    expect(wrapper.get('[data-testid="status-online"]').text()).toBe('Online')
    expect(wrapper.get('[data-testid="status-last-synced"]').text()).toBe('Last synced 3 minutes ago')
    expect(wrapper.get('[data-testid="status-count"]').text()).toBe('5,000 groups')
    expect(wrapper.find('[data-testid="status-cached"]').exists()).toBe(false)
  })

  it('says clearly when it is offline and showing cached data, and why the sync failed', async () => {
    const { wrapper } = await mountLine(
      state({ online: false, fromCache: true, lastError: { code: 'offline', message: 'Could not reach the server.' } }),
    )
    expect(wrapper.get('[data-testid="status-online"]').text()).toBe('Offline')
    expect(wrapper.get('[data-testid="status-cached"]').text()).toBe('Showing cached data')
    expect(wrapper.get('[data-testid="status-error"]').text()).toBe('Last sync failed: Could not reach the server.')
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
          message: 'The server is receiving too many requests from this account and asks to wait 2 min before the next try.',
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
    const { wrapper } = await mountLine(state({ lastError: { code: 'server', message: 'The server had a problem (HTTP 500).' } }))
    expect(wrapper.find('[data-testid="status-retry-at"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="sync-retry-now"]').exists()).toBe(false)
  })

  it('syncs when asked', async () => {
    const { wrapper, bridge } = await mountLine(state())
    await wrapper.get('[data-testid="sync-now"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('groups:sync')).toHaveLength(1)
  })
})
