import type { LabelChip } from '@shared/channels/groups'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import GroupsToolbar from '../../../../../src-renderer/src/components/groups/GroupsToolbar.vue'
import { useGroupsStore } from '../../../../../src-renderer/src/stores/groups'
import { fakeBridge } from '../../support/fake-bridge'
import { plugins, rows, windowOf } from '../../support/groups-fixtures'

const LABELS: LabelChip[] = [
  { id: '1', name: 'Family', color: 'red' },
  { id: '2', name: 'Suppliers', color: 'blue' },
]

async function toolbar(all = rows(3)) {
  fakeBridge({
    'groups:query': (arg) => windowOf(all, arg),
    'groups:labels': () => LABELS,
    'groups:state': () => null,
  })
  const setup = plugins()
  const store = useGroupsStore()
  await store.start()
  const wrapper = mount(GroupsToolbar, { ...setup, props: { exporting: false }, attachTo: document.body })
  await flushPromises()
  return { wrapper, store }
}

async function openLabels(wrapper: Awaited<ReturnType<typeof toolbar>>['wrapper']) {
  await wrapper.get('[data-testid="filter-labels"]').trigger('click')
  expect(wrapper.find('[data-testid="labels-popover"]').exists()).toBe(true)
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('GroupsToolbar, labels popover', () => {
  it('closes on a press outside it, keeping the choice made', async () => {
    const { wrapper, store } = await toolbar()
    await openLabels(wrapper)
    await wrapper.get('[data-testid="filter-label-1"]').setValue(true)
    wrapper.get('[data-testid="filter-label-1"]').element.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    await flushPromises()
    expect(wrapper.find('[data-testid="labels-popover"]').exists()).toBe(true)

    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    await flushPromises()
    expect(wrapper.find('[data-testid="labels-popover"]').exists()).toBe(false)
    expect(store.labelFilter).toEqual(['1'])
  })

  it('closes on Escape wherever the focus is, and gives the focus back to its button', async () => {
    const { wrapper } = await toolbar()
    await openLabels(wrapper)
    ;(wrapper.get('[data-testid="filter-label-2"]').element as HTMLInputElement).focus()
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })
    window.dispatchEvent(escape)
    await flushPromises()
    expect(wrapper.find('[data-testid="labels-popover"]').exists()).toBe(false)
    expect(escape.defaultPrevented).toBe(true)
    expect(document.activeElement).toBe(wrapper.get('[data-testid="filter-labels"]').element)

    await openLabels(wrapper)
    ;(document.activeElement as HTMLElement | null)?.blur()
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await flushPromises()
    expect(wrapper.find('[data-testid="labels-popover"]').exists()).toBe(false)
  })

  it('stops listening once closed, so Escape is left to the rest of the window', async () => {
    const { wrapper } = await toolbar()
    await openLabels(wrapper)
    await wrapper.get('[data-testid="filter-labels"]').trigger('click')
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })
    window.dispatchEvent(escape)
    expect(escape.defaultPrevented).toBe(false)
  })
})

describe('GroupsToolbar, counts', () => {
  it('says “1 group” in the singular, and groups large numbers', async () => {
    const one = await toolbar(rows(1))
    expect(one.wrapper.get('[data-testid="groups-count"]').text()).toBe('1 group')
    one.wrapper.unmount()
    const many = await toolbar(rows(5000))
    expect(many.wrapper.get('[data-testid="groups-count"]').text()).toBe('5,000 groups')
    expect(many.wrapper.get('[data-testid="groups-export"]').attributes('title')).toBe('Export the 5,000 matching groups to a CSV file')
  })
})
