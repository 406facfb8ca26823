import type { OutboxItemView } from '@shared/story/records'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAppI18n } from '../../../../src-renderer/src/i18n'
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts'
import OutboxView from '../../../../src-renderer/src/views/OutboxView.vue'
import { fullDateTime } from '../../../../src-renderer/src/format/time'
import ar from '@shared/i18n/ar/index'
import es from '@shared/i18n/es/index'
import id from '@shared/i18n/id/index'
import ptBR from '@shared/i18n/pt-BR/index'
import ru from '@shared/i18n/ru/index'
import { account, state } from '../support/accounts-fixtures'
import { fakeBridge } from '../support/fake-bridge'
import { outboxItem } from '../support/publish-fixtures'

afterEach(() => {
  document.body.innerHTML = ''
})

const ASOF = '2026-11-28T06:30:00.000Z'
const CHANGED = '2026-11-28T10:42:00.000Z'
const hosted = state([account({ id: 'a1', label: 'Shop' })])
const by = {
  planned: { deviceName: 'Front desk', at: '2026-11-28T09:00:00.000Z' },
  changed: { deviceName: 'Back office', at: CHANGED, action: 'edit' as const },
}

const CATALOGS = { es, 'pt-BR': ptBR, id, ru, ar }

async function mountWith(items: OutboxItemView[], locale = 'en') {
  fakeBridge({
    'accounts:list': () => hosted,
    'stories:outbox-list': () => items,
    'stories:history-list': () => [],
    'stories:set-aside-list': () => [],
  })
  const i18n = createAppI18n(locale)
  for (const [code, messages] of Object.entries(CATALOGS)) i18n.global.setLocaleMessage(code, messages)
  const wrapper = mount(OutboxView, {
    attachTo: document.body,
    global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), i18n] },
  })
  await useAccountsStore().load()
  await flushPromises()
  return wrapper
}

describe('OutboxView names who planned and who changed the agent’s items', () => {
  it('says which device planned a story and which changed it last, and when, in the outbox and the planned list', async () => {
    const wrapper = await mountWith([
      outboxItem({ id: 'q1', accountId: 'a1', where: 'agent', asOf: ASOF, by: { planned: by.planned, changed: null } }),
      outboxItem({ id: 'p1', accountId: 'a1', state: 'scheduled', dueAt: '2099-01-02T09:00:00Z', where: 'agent', asOf: ASOF, by }),
    ])
    const queued = wrapper.get('[data-testid="outbox-item"]')
    expect(queued.text()).toContain('Planned by Front desk')
    expect(queued.text()).not.toContain('Changed by')
    const planned = wrapper.get('[data-testid="planned-item"]')
    expect(planned.text()).toContain('Planned by Front desk')
    expect(planned.get('[data-testid="agent-changed-by"]').text()).toBe(
      `Changed by Back office, ${fullDateTime(Date.parse(CHANGED) / 1000, 'en')}`,
    )
  })

  it('names the person given at pairing before the device, in the outbox and the planned list', async () => {
    const withPeople = {
      planned: { ...by.planned, personName: 'Ana' },
      changed: { ...by.changed, personName: 'Bia' },
    }
    const wrapper = await mountWith([
      outboxItem({ id: 'q1', accountId: 'a1', where: 'agent', asOf: ASOF, by: { planned: withPeople.planned, changed: null } }),
      outboxItem({
        id: 'p1',
        accountId: 'a1',
        state: 'scheduled',
        dueAt: '2099-01-02T09:00:00Z',
        where: 'agent',
        asOf: ASOF,
        by: withPeople,
      }),
    ])
    expect(wrapper.get('[data-testid="outbox-item"] [data-testid="agent-planned-by"]').text()).toBe('Planned by Ana (Front desk)')
    const planned = wrapper.get('[data-testid="planned-item"]')
    expect(planned.get('[data-testid="agent-planned-by"]').text()).toBe('Planned by Ana (Front desk)')
    expect(planned.get('[data-testid="agent-changed-by"]').text()).toBe(
      `Changed by Bia (Back office), ${fullDateTime(Date.parse(CHANGED) / 1000, 'en')}`,
    )
    wrapper.unmount()
  })

  it('names no one on an item the agent did not name, nor on one of this computer', async () => {
    const wrapper = await mountWith([
      outboxItem({ id: 'q1', accountId: 'a1', where: 'agent', asOf: ASOF }),
      outboxItem({ id: 'q2', accountId: 'a1', by }),
    ])
    expect(wrapper.findAll('[data-testid="agent-planned-by"]')).toHaveLength(0)
    expect(wrapper.findAll('[data-testid="agent-changed-by"]')).toHaveLength(0)
  })

  for (const [code, messages] of Object.entries(CATALOGS)) {
    it(`in ${code}, names the devices in the user’s language`, async () => {
      const wrapper = await mountWith(
        [outboxItem({ id: 'p1', accountId: 'a1', state: 'scheduled', dueAt: '2099-01-02T09:00:00Z', where: 'agent', by })],
        code,
      )
      const planned = wrapper.get('[data-testid="planned-item"]')
      expect(planned.get('[data-testid="agent-planned-by"]').text()).toBe(messages.agentHosted.plannedBy.replace('{device}', 'Front desk'))
      expect(planned.get('[data-testid="agent-changed-by"]').text()).toBe(
        messages.agentHosted.changedBy.replace('{device}', 'Back office').replace('{time}', fullDateTime(Date.parse(CHANGED) / 1000, code)),
      )
    })
  }
})
