import type { AccountsState } from '@shared/channels/accounts'
import type { InsightsOverview } from '@shared/channels/insights'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts'
import InsightsView from '../../../../src-renderer/src/views/InsightsView.vue'
import { account, state } from '../support/accounts-fixtures'
import { failure, fakeBridge } from '../support/fake-bridge'
import { overview, plugins, storyInsight } from '../support/insights-fixtures'

afterEach(() => {
  document.body.innerHTML = ''
})

const stories = [
  storyInsight({ storyId: 's1', reach: 320, kind: 'image', source: 'statusdesk', firstViewMinutes: 4 }),
  storyInsight({
    storyId: 's2',
    accountId: 'a2',
    reach: 30,
    kind: 'text',
    source: 'phone',
    snippet: 'Closed on Monday',
    audience: { mode: 'audience', name: 'Regulars', size: 40 },
    reachShare: 0.75,
    firstViewMinutes: 95,
    final: false,
  }),
]

async function mountView(options: { accounts?: AccountsState; overview?: () => InsightsOverview } = {}) {
  const bridge = fakeBridge({
    'accounts:list': () => options.accounts ?? state([account({ id: 'a1' })]),
    'insights:overview': options.overview ?? (() => overview()),
    'insights:stories': () => ({ items: stories, total: stories.length }),
    'insights:export': () => ({ path: '/home/me/Downloads/statusdesk-insights.csv', rows: 2 }),
  })
  const wrapper = mount(InsightsView, { attachTo: document.body, global: { plugins: plugins() } })
  await useAccountsStore().load()
  await flushPromises()
  return { wrapper, bridge }
}

describe('InsightsView', () => {
  it('shows the totals, the charts and the stories ranked', async () => {
    const { wrapper } = await mountView()
    expect(wrapper.get('h1').text()).toBe('Insights')
    expect(wrapper.get('[data-testid="insights-totals"]').text()).toMatch(/^12 stories, 2,846 views · from .+ to .+$/)
    for (const testid of ['heatmap-card', 'by-audience', 'by-kind', 'trend-card', 'latency-card', 'insights-stories']) {
      expect(wrapper.find(`[data-testid="${testid}"]`).exists()).toBe(true)
    }
    expect(wrapper.find('[data-testid="insights-thin"]').exists()).toBe(false)
  })

  it('ranks stories with their kind, audience, source and first view', async () => {
    const { wrapper } = await mountView()
    const rows = wrapper.findAll('[data-testid="insights-story"]')
    expect(rows).toHaveLength(2)
    const cells = rows[1]!.findAll('td').map((cell) => cell.text())
    expect(cells[0]).toBe('2')
    expect(cells[1]).toBe('Closed on Monday')
    expect(cells[2]).toContain('(still live)')
    expect(cells.slice(3)).toEqual(['Text', 'Saved audience “Regulars”', 'Phone', '30', '75%', '1.6 hrs'])
    expect(rows[0]!.findAll('td').at(-1)!.text()).toBe('4 mins')
    expect(wrapper.get('[data-testid="insights-page-range"]').text()).toBe('1–2 of 2')
    expect(wrapper.get('[data-testid="insights-page-next"]').attributes('disabled')).toBeDefined()
  })

  it('sorts by a column from its heading', async () => {
    const { wrapper, bridge } = await mountView()
    const heading = wrapper.get('[data-testid="insights-sort-share"]')
    expect(heading.attributes('aria-pressed')).toBe('false')
    expect(wrapper.get('[data-testid="insights-sort-reach"]').element.closest('th')?.getAttribute('aria-sort')).toBe('descending')
    await heading.trigger('click')
    await flushPromises()
    expect(bridge.callsTo('insights:stories').at(-1)).toMatchObject({ sort: 'share', offset: 0 })
    expect(heading.element.closest('th')?.getAttribute('aria-sort')).toBe('descending')
  })

  it('says plainly when the history is too thin to tell patterns', async () => {
    const { wrapper } = await mountView({ overview: () => overview({ thin: true, stories: 2, views: 14 }) })
    expect(wrapper.get('[data-testid="insights-thin"]').text()).toBe(
      'There is too little history yet to tell patterns. The figures below are what has been counted so far: read them as a start, not as a rule.',
    )
  })

  it('says when nothing was counted yet, without charts or export', async () => {
    const { wrapper } = await mountView({ overview: () => overview({ stories: 0, views: 0, from: null, to: null }) })
    expect(wrapper.get('[data-testid="insights-empty"]').text()).toContain('No story counted yet')
    expect(wrapper.find('[data-testid="heatmap-card"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="insights-export"]').exists()).toBe(false)
  })

  it('offers to try again when nothing could be read', async () => {
    let fail = true
    const { wrapper } = await mountView({
      overview: () => {
        if (fail) throw failure('internal')
        return overview()
      },
    })
    expect(wrapper.get('[data-testid="insights-error"]').attributes('role')).toBe('alert')
    fail = false
    await wrapper.get('[data-testid="insights-error-action"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="heatmap-card"]').exists()).toBe(true)
  })

  it('keeps showing the last figures offline, and says so', async () => {
    let fail = false
    const { wrapper } = await mountView({
      overview: () => {
        if (fail) throw failure('offline')
        return overview()
      },
    })
    fail = true
    const { useInsightsStore } = await import('../../../../src-renderer/src/stores/insights')
    await useInsightsStore().load()
    await flushPromises()
    expect(wrapper.find('[data-testid="heatmap-card"]').exists()).toBe(true)
    expect(wrapper.get('[data-testid="insights-stale"]').text()).toMatch(/^These are the figures read last, not the latest: /)
  })

  it("says, for an account on the agent shown from main's last state, that the agent is not reachable and as of when", async () => {
    const { wrapper } = await mountView({ overview: () => ({ ...overview(), stale: true, asOf: '2026-11-20T08:30:00.000Z' }) })
    expect(wrapper.get('[role="status"][data-testid="agent-stale"]').text()).toMatch(
      /^Last state from .*2026.*; the agent is not reachable\.$/,
    )
    expect(wrapper.find('[data-testid="heatmap-card"]').exists()).toBe(true)
  })

  it('exports the CSV and says where it went', async () => {
    const { wrapper, bridge } = await mountView()
    await wrapper.get('[data-testid="insights-export"]').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('insights:export')).toHaveLength(1)
    expect(wrapper.get('[data-testid="insights-exported"]').text()).toBe('Saved 2 stories to /home/me/Downloads/statusdesk-insights.csv')
  })

  it('narrows to one account with the filter once there are two, and names each story’s account across them', async () => {
    const { wrapper, bridge } = await mountView({
      accounts: state([account({ id: 'a1', label: 'Shop' }), account({ id: 'a2', label: 'Bakery' })]),
    })
    const filter = wrapper.get('[data-testid="insights-account-filter"]')
    expect(filter.findAll('option').map((option) => option.text())).toEqual(['All accounts', 'Shop', 'Bakery'])
    expect(wrapper.findAll('[data-testid="insights-story"] [data-testid="item-account"]').map((name) => name.get('bdi').text())).toEqual([
      'Shop',
      'Bakery',
    ])
    await filter.setValue('a2')
    await flushPromises()
    expect(bridge.callsTo('insights:overview').at(-1)).toMatchObject({ accountId: 'a2' })
    expect(wrapper.find('[data-testid="insights-story"] [data-testid="item-account"]').exists()).toBe(false)
  })

  it('has no account filter with one account', async () => {
    const { wrapper } = await mountView()
    expect(wrapper.find('[data-testid="insights-account-filter"]').exists()).toBe(false)
  })
})
