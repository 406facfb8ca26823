import { mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import InsightsHeatmap from '../../../../../src-renderer/src/components/insights/InsightsHeatmap.vue'
import { BUSY_GRID, grid, plugins } from '../../support/insights-fixtures'

afterEach(() => {
  document.body.innerHTML = ''
  document.documentElement.dir = ''
})

function mountHeatmap(cells = BUSY_GRID, locale = 'en-GB') {
  return mount(InsightsHeatmap, {
    attachTo: document.body,
    props: { grid: cells, zone: 'Europe/Madrid' },
    global: { plugins: plugins(locale) },
  })
}

const cell = (wrapper: ReturnType<typeof mountHeatmap>, weekday: number, hour: number) =>
  wrapper.get(`[data-testid="heatmap-cell"][data-weekday="${weekday}"][data-hour="${hour}"]`)

describe('InsightsHeatmap', () => {
  it('names every one of the 168 cells in words, views in the user’s locale', () => {
    const wrapper = mountHeatmap()
    expect(wrapper.findAll('[data-testid="heatmap-cell"]')).toHaveLength(168)
    expect(cell(wrapper, 1, 18).attributes('aria-label')).toBe('Tuesday 18:00–19:00: 1,234 views')
    expect(cell(wrapper, 0, 0).attributes('aria-label')).toBe('Monday 00:00–01:00: no views')
    expect(cell(wrapper, 6, 23).attributes('aria-label')).toBe('Sunday 23:00–00:00: no views')
    expect(wrapper.get('[role="grid"]').attributes('aria-label')).toBe('When viewers look')
  })

  it('says in a sentence when viewers look most, and the grid points to it', () => {
    const wrapper = mountHeatmap()
    const summary = wrapper.get('[data-testid="heatmap-summary"]')
    expect(summary.text()).toBe(
      'Viewers look most on Tuesday 18:00–19:00, Wednesday 18:00–19:00 and Sunday 20:00–21:00. ' +
        'The busiest day is Tuesday; the busiest hour is 18:00–19:00.',
    )
    expect(wrapper.get('[role="grid"]').attributes('aria-describedby')).toBe(summary.attributes('id'))
  })

  it('shades cells by views and rings the three strongest, so colour is not the only sign', () => {
    const wrapper = mountHeatmap()
    expect(cell(wrapper, 1, 18).classes()).toEqual(expect.arrayContaining(['l5', 'ring']))
    expect(cell(wrapper, 0, 9).classes()).toContain('l1')
    expect(cell(wrapper, 0, 9).classes()).not.toContain('ring')
    expect(cell(wrapper, 3, 3).classes()).toContain('l0')
  })

  it('says plainly when no view was counted', () => {
    const wrapper = mountHeatmap(grid())
    expect(wrapper.get('[data-testid="heatmap-summary"]').text()).toBe('No views counted yet.')
  })

  it('starts the week where the user’s calendar does', () => {
    const british = mountHeatmap()
    expect(british.findAll('[role="rowheader"]').map((header) => header.attributes('aria-label'))[0]).toBe('Monday')
    british.unmount()
    const american = mountHeatmap(BUSY_GRID, 'en-US')
    const days = american.findAll('[role="rowheader"]').map((header) => header.attributes('aria-label'))
    expect(days).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])
    expect(cell(american, 1, 18).attributes('aria-label')).toBe('Tuesday 6:00 PM–7:00 PM: 1,234 views')
  })

  it('is one tab stop, on the strongest cell, and the arrow keys move between cells', async () => {
    const wrapper = mountHeatmap()
    const stops = wrapper.findAll('[data-testid="heatmap-cell"][tabindex="0"]')
    expect(stops).toHaveLength(1)
    expect(stops[0]!.attributes('aria-label')).toBe('Tuesday 18:00–19:00: 1,234 views')
    ;(stops[0]!.element as HTMLElement).focus()
    await stops[0]!.trigger('keydown', { key: 'ArrowRight' })
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Tuesday 19:00–20:00: no views')
    await cell(wrapper, 1, 19).trigger('keydown', { key: 'ArrowDown' })
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Wednesday 19:00–20:00: no views')
    await cell(wrapper, 2, 19).trigger('keydown', { key: 'Home' })
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Wednesday 00:00–01:00: no views')
    expect(wrapper.findAll('[data-testid="heatmap-cell"][tabindex="0"]')).toHaveLength(1)
    expect(wrapper.get('[data-testid="heatmap-readout"]').text()).toBe('Wednesday 00:00–01:00: no views')
  })

  it('moves the way the text runs in right-to-left languages', async () => {
    document.documentElement.dir = 'rtl'
    const wrapper = mountHeatmap()
    const start = cell(wrapper, 1, 18)
    ;(start.element as HTMLElement).focus()
    await start.trigger('keydown', { key: 'ArrowLeft' })
    expect(document.activeElement?.getAttribute('data-hour')).toBe('19')
  })

  it('shows the same figures as a real table at the toggle', async () => {
    const wrapper = mountHeatmap()
    const toggle = wrapper.get('[data-testid="heatmap-card-table-toggle"]')
    expect(toggle.attributes('aria-pressed')).toBe('false')
    expect(wrapper.find('table').exists()).toBe(false)
    await toggle.trigger('click')
    expect(toggle.attributes('aria-pressed')).toBe('true')
    expect(wrapper.find('[role="grid"]').exists()).toBe(false)
    const table = wrapper.get('table')
    expect(table.get('caption').text()).toBe('When viewers look')
    expect(table.findAll('tbody tr')).toHaveLength(7)
    expect(table.findAll('thead th')).toHaveLength(25)
    const value = table.get('[data-testid="heatmap-table-cell"][data-weekday="1"][data-hour="18"]')
    expect(value.text()).toBe('1,234')
    // The summary stays beside the table.
    expect(wrapper.get('[data-testid="heatmap-summary"]').text()).toContain('Tuesday 18:00–19:00')
    await toggle.trigger('click')
    expect(wrapper.find('[role="grid"]').exists()).toBe(true)
  })

  it('speaks Arabic with its plural forms and Russian with its own', () => {
    const arabic = mountHeatmap(
      grid([
        [1, 18, 2],
        [2, 18, 11],
      ]),
      'ar',
    )
    expect(cell(arabic, 1, 18).attributes('aria-label')).toMatch(/: مشاهدتان$/)
    expect(cell(arabic, 3, 3).attributes('aria-label')).toMatch(/: لا مشاهدات$/)
    arabic.unmount()
    const russian = mountHeatmap(
      grid([
        [1, 18, 3],
        [2, 18, 5],
      ]),
      'ru',
    )
    expect(cell(russian, 1, 18).attributes('aria-label')).toMatch(/^вторник .*: 3 просмотра$/)
    expect(cell(russian, 2, 18).attributes('aria-label')).toMatch(/: 5 просмотров$/)
  })
})
