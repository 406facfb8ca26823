import type { AgentAccountOffer, HostedAccountView } from '@shared/channels/agent'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import AgentAccounts from '../../../../../src-renderer/src/components/settings/AgentAccounts.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { failure, fakeBridge } from '../../support/fake-bridge'

const HERE: HostedAccountView = {
  accountId: 'a1',
  label: 'Shop',
  where: 'here',
  since: null,
  pending: null,
  canMove: true,
  followed: false,
}
const FOLLOWED: HostedAccountView = {
  accountId: 'a2',
  label: 'Bakery',
  where: 'agent',
  since: '2026-03-01T10:00:00.000Z',
  pending: null,
  canMove: false,
  followed: true,
}
const OFFER: AgentAccountOffer = { agentAccountId: 'agent-7', label: 'Bakery' }

function view() {
  return mount(AgentAccounts, {
    attachTo: document.body,
    global: { plugins: [createTestingPinia({ stubActions: false, createSpy: vi.fn }), createAppI18n('en')] },
  })
}

const byName = (wrapper: ReturnType<typeof view>, name: string) => {
  const found = wrapper.findAll('button').find((candidate) => candidate.attributes('aria-label') === name)
  if (!found) throw new Error(`no button named ${name}`)
  return found
}

describe('Settings → Agent: the accounts', () => {
  it("offers a teammate's account on the agent, follows it, and then shows it as followed with no move to make", async () => {
    let followed = false
    const bridge = fakeBridge({
      'agent:accounts': () => (followed ? [HERE, FOLLOWED] : [HERE]),
      'agent:others': () => (followed ? [] : [OFFER]),
      'agent:follow': () => {
        followed = true
        return [HERE, FOLLOWED]
      },
    })
    const wrapper = view()
    await flushPromises()
    const others = wrapper.get('[aria-labelledby="agent-others-title"]')
    expect(wrapper.get('#agent-others-title').text()).toBe('On the agent, not on this computer')
    expect(others.text()).toContain('Bakery')
    await byName(wrapper, 'Show Bakery on this computer').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('agent:follow')).toEqual([{ agentAccountId: 'agent-7' }])
    expect(wrapper.find('[aria-labelledby="agent-others-title"]').exists()).toBe(false)
    const row = wrapper.get('[data-testid="agent-account-a2"]')
    expect(row.text()).toContain('Followed on the agent: a teammate runs it there, and this computer has no token for it')
    expect(row.findAll('button')).toHaveLength(0)
    // The account that runs here still offers its move.
    expect(byName(wrapper, 'Run Shop on the agent').attributes('disabled')).toBeUndefined()
    wrapper.unmount()
  })

  it("says whose stories bringing a team's account back would take, and takes them only when asked again", async () => {
    const onAgent: HostedAccountView = { ...HERE, where: 'agent', since: '2026-03-01T10:00:00.000Z' }
    const bridge = fakeBridge({
      'agent:accounts': () => [onAgent],
      'agent:others': () => [],
      'agent:bring-back': (arg) => {
        if (!(arg as { othersToo?: boolean }).othersToo)
          throw failure(
            'conflict',
            { key: 'errors.handover.teamStories', params: { count: 2, people: 'Bia (Back office)' } },
            { teamStories: 2 },
          )
        return [HERE]
      },
    })
    const wrapper = view()
    await flushPromises()
    expect(wrapper.findAll('button').map((button) => button.attributes('aria-label'))).toEqual(['Bring Shop back to this computer'])
    await byName(wrapper, 'Bring Shop back to this computer').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="agent-accounts-error"]').text()).toBe(
      'The account did not move: \u20682\u2069 stories on the agent were planned by \u2068Bia (Back office)\u2069: brought back, they would go out only while this computer runs. Bring them back with yours, or leave the account on the agent.',
    )
    await byName(wrapper, 'Bring Shop back to this computer with the team’s stories').trigger('click')
    await flushPromises()
    expect(bridge.callsTo('agent:bring-back')).toEqual([{ accountId: 'a1' }, { accountId: 'a1', othersToo: true }])
    expect(wrapper.find('[data-testid="agent-accounts-error"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="agent-account-a1"]').text()).toContain('Runs on this computer')
    wrapper.unmount()
  })

  it("says in words when the agent's accounts cannot be read, and still lists this computer's", async () => {
    fakeBridge({
      'agent:accounts': () => [HERE],
      'agent:others': () => {
        throw failure('offline')
      },
    })
    const wrapper = view()
    await flushPromises()
    expect(wrapper.get('[data-testid="agent-others-error"]').attributes('role')).toBe('alert')
    expect(wrapper.get('[data-testid="agent-others-error"]').text()).toMatch(/^The agent’s accounts could not be read: /)
    expect(byName(wrapper, 'Run Shop on the agent').exists()).toBe(true)
    wrapper.unmount()
  })
})
