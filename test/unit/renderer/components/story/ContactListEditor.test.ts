import type { ContactsPage } from '@shared/channels/stories'
import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import ContactListEditor from '../../../../../src-renderer/src/components/story/ContactListEditor.vue'
import { useStoriesStore } from '../../../../../src-renderer/src/stores/stories'
import { onScreen } from '../../support/accounts-fixtures'
import { fakeBridge } from '../../support/fake-bridge'
import { plugins } from '../../support/groups-fixtures'

function page(id: string, group: string): ContactsPage {
  return { contacts: [{ id, groups: [group], groupCount: 1 }], matching: 1, total: 1 }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('ContactListEditor and the account on screen', () => {
  it('lists the people of the composer’s account, and the next account’s after a switch', async () => {
    let firstAccountAsked = 0
    let late: () => void = () => undefined
    const bridge = fakeBridge({
      'stories:limits': () => DEFAULT_STORY_LIMITS,
      'stories:draft-get': () => null,
      'stories:contacts-search': (arg) => {
        const { accountId } = arg as { accountId: string }
        if (accountId === 'a2') return page('15550200002', 'Home choir')
        firstAccountAsked += 1
        if (firstAccountAsked === 1) return page('15550100001', 'Shop regulars')
        // Its second answer is slow: it arrives after the switch and must not show.
        return new Promise<ContactsPage>((resolve) => (late = () => resolve(page('15550100009', 'Shop regulars'))))
      },
    })
    const setup = plugins()
    await useStoriesStore().load()
    const wrapper = mount(ContactListEditor, { ...setup, props: { testid: 'people', modelValue: [] }, attachTo: document.body })
    await flushPromises()
    const shown = () => wrapper.findAll('[data-testid="people-result"]').map((box) => box.attributes('data-contact'))
    expect(shown()).toEqual(['15550100001'])

    await wrapper.get('[data-testid="people-search"]').setValue('5')
    await vi.waitFor(() => expect(bridge.callsTo('stories:contacts-search')).toHaveLength(2))
    onScreen('a2', ['a1', 'a2'])
    await vi.waitFor(() => expect(shown()).toEqual(['15550200002']))
    late()
    await flushPromises()
    expect(shown()).toEqual(['15550200002'])
    expect(bridge.callsTo('stories:contacts-search').map((arg) => (arg as { accountId: string }).accountId)).toEqual(['a1', 'a1', 'a2'])
  })
})
