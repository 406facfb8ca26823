import { mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import LatencyChart from '../../../../../src-renderer/src/components/insights/LatencyChart.vue'
import ReachBars from '../../../../../src-renderer/src/components/insights/ReachBars.vue'
import WeeklyTrend from '../../../../../src-renderer/src/components/insights/WeeklyTrend.vue'
import { overview, plugins } from '../../support/insights-fixtures'

afterEach(() => {
  document.body.innerHTML = ''
})

const global = () => ({ plugins: plugins() })
const rowsOf = (table: ReturnType<ReturnType<typeof mount>['get']>) =>
  table.findAll('tbody tr').map((row) => row.findAll('th, td').map((cell) => cell.text()))

describe('ReachBars', () => {
  const rows = [
    { key: 'everyone', label: 'All contacts', stories: 8, medianReach: 240, medianShare: null },
    { key: 'regulars', label: 'Saved audience “Regulars”', stories: 3, medianReach: 30, medianShare: 0.75 },
  ]
  const props = {
    title: 'Reach by audience',
    testid: 'by-audience',
    rows,
    groupColumn: 'Audience',
    columns: { stories: 'Stories', medianReach: 'Median reach', medianShare: 'Median share of audience' },
  }

  it('draws a bar per group with its figures in words, and the same figures as a table', async () => {
    const wrapper = mount(ReachBars, { attachTo: document.body, props, global: global() })
    const bars = wrapper.findAll('[data-testid="by-audience-row"]')
    expect(bars.map((bar) => [bar.get('.label').text(), bar.get('.value').text()])).toEqual([
      ['All contacts', 'median reach 240 · 8 stories · —'],
      ['Saved audience “Regulars”', 'median reach 30 · 3 stories · 75%'],
    ])
    expect(bars.map((bar) => (bar.get('.fill').element as HTMLElement).style.inlineSize)).toEqual(['100%', '13%'])
    await wrapper.get('[data-testid="by-audience-table-toggle"]').trigger('click')
    const table = wrapper.get('table')
    expect(table.findAll('thead th').map((cell) => cell.text())).toEqual([
      'Audience',
      'Stories',
      'Median reach',
      'Median share of audience',
    ])
    expect(rowsOf(table)).toEqual([
      ['All contacts', '8', '240', '—'],
      ['Saved audience “Regulars”', '3', '30', '75%'],
    ])
  })
})

describe('WeeklyTrend', () => {
  it('draws a bar per week, oldest first, named in its summary, and tables stories, views and median reach', async () => {
    const wrapper = mount(WeeklyTrend, {
      attachTo: document.body,
      props: { trend: overview().trend, zone: 'Europe/Madrid' },
      global: global(),
    })
    const chart = wrapper.get('[data-testid="trend-chart"]')
    expect(chart.attributes('role')).toBe('img')
    expect(chart.attributes('aria-label')).toBe(
      'Views per week from 11 May 2026 to 25 May 2026. The most, 2,446, came in the week of 25 May.',
    )
    expect(chart.findAll('rect').map((bar) => bar.attributes('data-views'))).toEqual(['400', '0', '2446'])
    expect(chart.findAll('title').map((title) => title.text())).toEqual([
      'Week of 11 May: 400 views',
      'Week of 18 May: no views',
      'Week of 25 May: 2,446 views',
    ])
    await wrapper.get('[data-testid="trend-card-table-toggle"]').trigger('click')
    expect(rowsOf(wrapper.get('table'))).toEqual([
      ['11 May 2026', '3', '400', '130'],
      ['18 May 2026', '0', '0', '—'],
      ['25 May 2026', '9', '2,446', '250'],
    ])
  })
})

describe('LatencyChart', () => {
  it('gives the median and quartiles in words and figures, and the histogram as a table', async () => {
    const wrapper = mount(LatencyChart, { attachTo: document.body, props: { latency: overview().latency }, global: global() })
    expect(wrapper.get('[data-testid="latency-summary"]').text()).toBe(
      'Half of the viewers looked within 42 mins; a quarter within 12 mins and three quarters within 2.5 hrs.',
    )
    expect(wrapper.get('[data-testid="latency-median"]').text()).toBe('Median42 mins')
    expect(wrapper.get('[data-testid="latency-chart"]').findAll('rect')).toHaveLength(4)
    await wrapper.get('[data-testid="latency-card-table-toggle"]').trigger('click')
    expect(rowsOf(wrapper.get('[data-testid="latency-figures-table"]'))).toEqual([
      ['A quarter within', '12 mins'],
      ['Median', '42 mins'],
      ['Three quarters within', '2.5 hrs'],
    ])
    expect(rowsOf(wrapper.get('[data-testid="latency-histogram-table"]'))).toEqual([
      ['up to 15 mins', '800'],
      ['up to 1 hr', '1,200'],
      ['up to 4 hrs', '700'],
      ['up to 24 hrs', '146'],
    ])
  })

  it('says so when no view was counted', () => {
    const wrapper = mount(LatencyChart, {
      attachTo: document.body,
      props: { latency: { median: null, p25: null, p75: null, histogram: [] } },
      global: global(),
    })
    expect(wrapper.get('[data-testid="latency-summary"]').text()).toBe('No views counted yet.')
    expect(wrapper.find('[data-testid="latency-chart"]').exists()).toBe(false)
  })
})
