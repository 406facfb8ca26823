import type { InsightsOverview } from '@shared/channels/insights'
import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts'
import { STORIES_PAGE, useInsightsStore } from '../../../../src-renderer/src/stores/insights'
import { account, state } from '../support/accounts-fixtures'
import { failure, fakeBridge } from '../support/fake-bridge'
import { bestTimes, overview, storyInsight } from '../support/insights-fixtures'

beforeEach(() => setActivePinia(createPinia()))

const twoAccounts = state([account({ id: 'a1', label: 'Shop' }), account({ id: 'a2', label: 'Bakery' })])
const stories = Array.from({ length: 45 }, (_, i) => storyInsight({ storyId: `s${i}`, reach: 450 - i }))

function bridgeWith(options: { overview?: () => InsightsOverview; accounts?: typeof twoAccounts } = {}) {
  return fakeBridge({
    'accounts:list': () => options.accounts ?? state([account({ id: 'a1' })]),
    'insights:overview': options.overview ?? (() => overview()),
    'insights:stories': (arg) => {
      const { offset, count } = arg as { offset: number; count: number }
      return { items: stories.slice(offset, offset + count), total: stories.length }
    },
    'insights:export': () => ({ path: '/home/me/Downloads/statusdesk-insights.csv', rows: 45 }),
  })
}

describe('the insights store', () => {
  it('reads the overview and the first page in the user’s zone, across accounts', async () => {
    const bridge = bridgeWith()
    await useAccountsStore().load()
    const insights = useInsightsStore()
    insights.zone = 'America/New_York'
    await insights.open()
    expect(bridge.callsTo('insights:overview')).toEqual([{ accountId: null, timeZone: 'America/New_York', weeks: 13 }])
    expect(bridge.callsTo('insights:stories')).toEqual([{ accountId: null, sort: 'reach', offset: 0, count: STORIES_PAGE }])
    expect(insights.overview?.stories).toBe(12)
    expect(insights.stories).toHaveLength(STORIES_PAGE)
    expect(insights.total).toBe(45)
    expect(insights.manyAccounts).toBe(false)
  })

  it('narrows to one account when there are several, and back to all', async () => {
    const bridge = bridgeWith({ accounts: twoAccounts })
    await useAccountsStore().load()
    const insights = useInsightsStore()
    await insights.open()
    expect(insights.manyAccounts).toBe(true)
    await insights.chooseAccount('a2')
    expect(bridge.callsTo('insights:overview').at(-1)).toMatchObject({ accountId: 'a2' })
    expect(bridge.callsTo('insights:stories').at(-1)).toMatchObject({ accountId: 'a2', offset: 0 })
    await insights.chooseAccount(null)
    expect(bridge.callsTo('insights:overview').at(-1)).toMatchObject({ accountId: null })
  })

  it('sorts from the first page and pages within the list', async () => {
    const bridge = bridgeWith()
    const insights = useInsightsStore()
    await insights.open()
    await insights.turnPage(1)
    await insights.turnPage(1)
    expect(insights.offset).toBe(40)
    expect(insights.stories).toHaveLength(5)
    await insights.turnPage(1)
    expect(insights.offset).toBe(40)
    await insights.sortBy('share')
    expect(insights.offset).toBe(0)
    expect(bridge.callsTo('insights:stories').at(-1)).toEqual({ accountId: null, sort: 'share', offset: 0, count: STORIES_PAGE })
    await insights.turnPage(-1)
    expect(bridge.callsTo('insights:stories')).toHaveLength(4)
  })

  it('reads again on insights:changed while open, once more at most after a reading under way, and not once closed', async () => {
    const bridge = bridgeWith({ accounts: twoAccounts })
    await useAccountsStore().load()
    const insights = useInsightsStore()
    await insights.open()
    bridge.emit('insights:changed', { accountId: 'a1' })
    bridge.emit('insights:changed', { accountId: 'a2' })
    bridge.emit('insights:changed', { accountId: 'a1' })
    await flushPromises()
    expect(bridge.callsTo('insights:overview')).toHaveLength(3)
    await insights.chooseAccount('a2')
    bridge.emit('insights:changed', { accountId: 'a1' })
    await flushPromises()
    expect(bridge.callsTo('insights:overview')).toHaveLength(4)
    insights.close()
    bridge.emit('insights:changed', { accountId: 'a2' })
    await flushPromises()
    expect(bridge.callsTo('insights:overview')).toHaveLength(4)
    expect(bridge.listenerCount('insights:changed')).toBe(0)
  })

  it('keeps the figures read last when a reading fails, and says they are not the latest', async () => {
    let offline = false
    bridgeWith({
      overview: () => {
        if (offline) throw failure('offline')
        return overview()
      },
    })
    const insights = useInsightsStore()
    await insights.open()
    offline = true
    await insights.load()
    expect(insights.overview?.stories).toBe(12)
    expect(insights.error?.code).toBe('offline')
    expect(insights.stale).toBe(true)
    offline = false
    await insights.load()
    expect(insights.stale).toBe(false)
  })

  it('shows an account’s figures read before at once when the filter comes back to it', async () => {
    let reads = 0
    bridgeWith({ accounts: twoAccounts, overview: () => overview({ stories: ++reads }) })
    await useAccountsStore().load()
    const insights = useInsightsStore()
    await insights.open()
    await insights.chooseAccount('a2')
    expect(insights.overview?.stories).toBe(2)
    const back = insights.chooseAccount(null)
    // Before main answers: the figures of every account read first, not a2's.
    expect(insights.overview?.stories).toBe(1)
    await back
    expect(insights.overview?.stories).toBe(3)
  })

  it('exports the scope in the user’s zone and keeps where the file went', async () => {
    const bridge = bridgeWith()
    const insights = useInsightsStore()
    insights.zone = 'Asia/Jakarta'
    expect(await insights.exportCsv()).toBe(true)
    expect(bridge.callsTo('insights:export')).toEqual([{ accountId: null, timeZone: 'Asia/Jakarta' }])
    expect(insights.exported).toEqual({ path: '/home/me/Downloads/statusdesk-insights.csv', rows: 45 })
  })

  it('drops the filter when its account goes away', async () => {
    const bridge = bridgeWith({ accounts: twoAccounts })
    await useAccountsStore().load()
    const insights = useInsightsStore()
    await insights.chooseAccount('a2')
    bridge.emit('accounts:changed', state([account({ id: 'a1' }), account({ id: 'a3' })]))
    await flushPromises()
    expect(insights.accountFilter).toBeNull()
  })
})

describe('best times', () => {
  it('asks main once for every account ticked, in the picker’s zone, and shows its answer', async () => {
    const answer = { ...bestTimes('2099-06-02T16:00:00Z'), partial: true }
    const bridge = fakeBridge({ 'insights:best-times': () => answer })
    const insights = useInsightsStore()
    await insights.loadBestTimes(['a1'], 'Europe/Madrid')
    expect(bridge.callsTo('insights:best-times')).toEqual([{ accountIds: ['a1'], timeZone: 'Europe/Madrid', count: 3 }])
    await insights.loadBestTimes(['a1', 'a2'], 'Europe/Madrid')
    expect(bridge.callsTo('insights:best-times').slice(1)).toEqual([{ accountIds: ['a1', 'a2'], timeZone: 'Europe/Madrid', count: 3 }])
    expect(insights.bestTimes).toEqual(answer)
    await insights.loadBestTimes([], 'Europe/Madrid')
    expect(bridge.callsTo('insights:best-times')).toHaveLength(2)
    expect(insights.bestTimes).toBeNull()
  })

  it('shows main’s refusal, and only the answer to the last question', async () => {
    let answer: (value: unknown) => void = () => {}
    fakeBridge({
      'insights:best-times': (arg) => {
        const { accountIds } = arg as { accountIds: string[] }
        if (accountIds[0] === 'gone') throw failure('not-found')
        if (accountIds[0] === 'slow') return new Promise((resolve) => (answer = resolve))
        return bestTimes('2099-06-02T16:00:00Z')
      },
    })
    const insights = useInsightsStore()
    await insights.loadBestTimes(['gone'], 'UTC')
    expect(insights.bestTimesError?.code).toBe('not-found')
    expect(insights.bestTimes).toBeNull()
    const slow = insights.loadBestTimes(['slow'], 'UTC')
    await insights.loadBestTimes(['a1'], 'UTC')
    answer({ thin: true, partial: false, slots: [] })
    await slow
    expect(insights.bestTimesError).toBeNull()
    expect(insights.bestTimes?.slots).toHaveLength(3)
  })
})
