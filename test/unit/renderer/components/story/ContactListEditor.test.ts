import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import ContactListEditor from '../../../../../src-renderer/src/components/story/ContactListEditor.vue'
import { createAppI18n } from '../../../../../src-renderer/src/i18n'
import { useStoriesStore } from '../../../../../src-renderer/src/stores/stories'
import type { ContactsPage } from '@shared/channels/stories'
import type { AppErrorData, Result } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { inEnglish } from '../../support/texts'
import { onScreen } from '../../support/accounts-fixtures'
import { fakeBridge } from '../../support/fake-bridge'
import { plugins } from '../../support/groups-fixtures'

const PAGE = {
  contacts: [{ id: '15550100001', groups: ['Book club'], groupCount: 1 }],
  matching: 1,
  total: 1,
}

function editor(initial: string[] = [], answers: Result<ContactsPage>[] = [{ ok: true, value: PAGE }]) {
  const updates: string[][] = []
  const pinia = createTestingPinia({ createSpy: vi.fn })
  const search = vi.mocked(useStoriesStore(pinia).searchContacts)
  for (const answer of answers) search.mockResolvedValueOnce(answer)
  search.mockResolvedValue(answers.at(-1) ?? { ok: true, value: PAGE })
  const wrapper = mount(ContactListEditor, {
    props: { testid: 'only', modelValue: initial, 'onUpdate:modelValue': (v: string[]) => updates.push(v) },
    global: { plugins: [createAppI18n('en'), pinia] },
  })
  return { wrapper, updates, search }
}

async function add(wrapper: ReturnType<typeof editor>['wrapper'], text: string): Promise<void> {
  await wrapper.get('[data-testid="only-manual"]').setValue(text)
  await wrapper.get('form').trigger('submit')
  await flushPromises()
}

describe('ContactListEditor', () => {
  it('adds a typed number as digits only', async () => {
    const { wrapper, updates } = editor()
    await add(wrapper, '+1 (555) 010-0001')
    expect(updates).toEqual([['15550100001']])
    expect(wrapper.find('[data-testid="only-manual-error"]').exists()).toBe(false)
  })

  it.each(['123456789012@lid', '15550100001@c.us', '12-34'])('refuses %s at the field and says why', async (typed) => {
    const { wrapper, updates } = editor()
    await add(wrapper, typed)
    expect(updates).toEqual([])
    const error = wrapper.get('[data-testid="only-manual-error"]')
    expect(error.text()).toContain(`“${typed}” is not a phone number`)
    expect(error.text()).toContain('@lid cannot be sent a story')
    expect(wrapper.get('[data-testid="only-manual"]').attributes('aria-invalid')).toBe('true')
  })

  it('lists the people found', async () => {
    const { wrapper } = editor()
    await flushPromises()
    expect(wrapper.get('[data-testid="only-results"]').text()).toContain('15550100001')
    expect(wrapper.find('[data-testid="only-search-error"]').exists()).toBe(false)
  })

  it('says why no one could be listed, rather than showing nobody, and asks again while they are still being listed', async () => {
    vi.useFakeTimers()
    try {
      const still: AppErrorData = { code: 'timeout', text: userText('groupErrors.participants.stillListing', { count: 50_000 }) }
      const { wrapper, search } = editor(
        [],
        [
          { ok: false, error: still },
          { ok: true, value: PAGE },
        ],
      )
      await flushPromises()
      expect(wrapper.get('[data-testid="only-search-error"]').text()).toBe(inEnglish(still))
      expect(wrapper.find('[data-testid="only-none"]').exists()).toBe(false)
      expect(wrapper.find('[data-testid="only-results"]').exists()).toBe(false)
      await vi.advanceTimersByTimeAsync(3_000)
      await flushPromises()
      expect(search).toHaveBeenCalledTimes(2)
      expect(wrapper.find('[data-testid="only-search-error"]').exists()).toBe(false)
      expect(wrapper.get('[data-testid="only-results"]').text()).toContain('15550100001')
    } finally {
      vi.useRealTimers()
    }
  })

  it('does not ask again by itself after an error other than still listing', async () => {
    vi.useFakeTimers()
    try {
      const failed: AppErrorData = { code: 'storage', text: userText('groupErrors.participants.cacheNotRead') }
      const { wrapper, search } = editor([], [{ ok: false, error: failed }])
      await flushPromises()
      expect(wrapper.get('[data-testid="only-search-error"]').text()).toBe(inEnglish(failed))
      await vi.advanceTimersByTimeAsync(10_000)
      expect(search).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })
})

function page(id: string, group: string): ContactsPage {
  return { contacts: [{ id, groups: [group], groupCount: 1 }], matching: 1, total: 1 }
}

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
    wrapper.unmount()
  })
})
