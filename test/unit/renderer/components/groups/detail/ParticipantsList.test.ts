import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import ParticipantsList from '../../../../../../src-renderer/src/components/groups/detail/ParticipantsList.vue'
import { useToastsStore } from '../../../../../../src-renderer/src/stores/toasts'
import { fakeBridge } from '../../../support/fake-bridge'
import { group, plugins, withViewport } from '../../../support/groups-fixtures'

let viewport: { restore(): void } | null = null
beforeEach(() => {
  viewport = withViewport(400)
})
afterEach(() => {
  viewport?.restore()
  document.body.innerHTML = ''
})

async function exportWith(rows: number): Promise<unknown[]> {
  fakeBridge({ 'export:participants': () => ({ path: '/home/ana/participants.csv', rows }) })
  const setup = plugins()
  const g = group()
  const wrapper = mount(ParticipantsList, {
    ...setup,
    props: { groupId: g.id, group: g as unknown as Record<string, unknown> },
    attachTo: document.body,
  })
  await wrapper.get('[data-testid="participants-export"]').trigger('click')
  await flushPromises()
  return useToastsStore().toasts.map((t) => t.message)
}

describe('ParticipantsList export', () => {
  it('reports the rows saved as a formatted number', async () => {
    expect(await exportWith(5000)).toEqual(['Saved 5,000 rows to /home/ana/participants.csv'])
  })

  it('says “1 row” in the singular', async () => {
    expect(await exportWith(1)).toEqual(['Saved 1 row to /home/ana/participants.csv'])
  })
})

describe('ParticipantsList for screen readers', () => {
  it('tells each mounted row its place in the whole list, though only some rows exist', async () => {
    fakeBridge({})
    const setup = plugins()
    const g = group()
    const wrapper = mount(ParticipantsList, {
      ...setup,
      props: { groupId: g.id, group: g as unknown as Record<string, unknown> },
      attachTo: document.body,
    })
    await flushPromises()
    const rows = wrapper.findAll('[data-testid="participant-row"]')
    const total = (g as unknown as { participants: unknown[] }).participants.length
    expect(rows.length).toBeGreaterThan(0)
    for (const [index, row] of rows.entries()) {
      expect(row.attributes('aria-setsize')).toBe(String(total))
      expect(row.attributes('aria-posinset')).toBe(String(index + 1))
    }
  })
})
