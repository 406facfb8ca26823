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

  it('words a server that kept sending pages plainly, whatever main called it', async () => {
    const { wrapper } = await mountLine(
      state({
        lastError: {
          code: 'invalid-response',
          message: 'The server kept sending pages of groups past the end of the list, so the sync was stopped.',
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

  it('syncs when asked', async () => {
    const { wrapper, bridge } = await mountLine(state())
    await wrapper.get('[data-testid="sync-now"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('groups:sync')).toHaveLength(1)
  })
})
