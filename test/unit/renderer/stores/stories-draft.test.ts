import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { emptyDraft, type StoryDraft } from '@shared/story/draft'
import { createPinia, setActivePinia } from 'pinia'
import { nextTick } from 'vue'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts'
import { useStoriesStore } from '../../../../src-renderer/src/stores/stories'
import { account, onScreen, state } from '../support/accounts-fixtures'
import { failure, fakeBridge } from '../support/fake-bridge'

function savedDraft(body: string): StoryDraft {
  const draft = emptyDraft()
  draft.text.body = body
  return draft
}

/** A draft-get that answers only when the test says so, as a slow disk would. */
function slowDraft(answer: StoryDraft | null) {
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  return { get: async () => (await gate, answer), release: () => release() }
}

beforeEach(() => {
  setActivePinia(createPinia())
  onScreen('a1')
})

describe('the saved draft and what the user typed', () => {
  it('takes the saved draft when nothing was typed before it arrived', async () => {
    fakeBridge({ 'stories:limits': () => DEFAULT_STORY_LIMITS, 'stories:draft-get': () => savedDraft('From yesterday') })
    const store = useStoriesStore()
    await store.load()
    expect(store.draft.text.body).toBe('From yesterday')
    expect(store.savedDraft).toBeNull()
  })

  it('never puts the saved draft over text typed while it loaded, and asks which to keep', async () => {
    const slow = slowDraft(savedDraft('From yesterday'))
    const bridge = fakeBridge({
      'stories:limits': () => DEFAULT_STORY_LIMITS,
      'stories:draft-get': slow.get,
      'stories:draft-save': () => undefined,
    })
    const store = useStoriesStore()
    const loading = store.load()
    store.draft.text.body = 'Typed right away'
    slow.release()
    await loading
    expect(store.draft.text.body).toBe('Typed right away')
    expect(store.savedDraft?.text.body).toBe('From yesterday')
    // Nothing is written over the saved draft until the user has chosen.
    await store.saveDraft()
    expect(bridge.callsTo('stories:draft-save')).toEqual([])

    await store.resolveSavedDraft('typed')
    expect(store.draft.text.body).toBe('Typed right away')
    expect(bridge.callsTo('stories:draft-save')).toMatchObject([{ text: { body: 'Typed right away' } }])
  })

  it('puts the saved draft in when the user asks for it', async () => {
    const slow = slowDraft(savedDraft('From yesterday'))
    fakeBridge({ 'stories:limits': () => DEFAULT_STORY_LIMITS, 'stories:draft-get': slow.get, 'stories:draft-save': () => undefined })
    const store = useStoriesStore()
    const loading = store.load()
    store.draft.text.body = 'Typed right away'
    slow.release()
    await loading
    await store.resolveSavedDraft('saved')
    expect(store.draft.text.body).toBe('From yesterday')
    expect(store.savedDraft).toBeNull()
  })
})

describe('draft saves and accounts', () => {
  it('name the account whose draft was loaded, so a save on its way during a switch lands there', async () => {
    const both = [account({ id: 'a1' }), account({ id: 'a2', label: 'Other' })]
    const bridge = fakeBridge({
      'accounts:list': () => state(both, 'a1'),
      'accounts:switch': () => state(both, 'a2'),
      'stories:limits': () => DEFAULT_STORY_LIMITS,
      'stories:draft-get': (arg) => ((arg as { accountId: string }).accountId === 'a2' ? savedDraft('The other account’s story') : null),
      'stories:draft-save': () => undefined,
    })
    const accounts = useAccountsStore()
    await accounts.load()
    const store = useStoriesStore()
    await store.load()
    expect(bridge.callsTo('stories:draft-get')).toEqual([{ accountId: 'a1' }])
    store.draft.text.body = 'For the first account'
    await store.saveDraft()
    expect(bridge.callsTo('stories:draft-save')).toMatchObject([{ accountId: 'a1', text: { body: 'For the first account' } }])

    // Typed, and the save still waiting for its moment when the user switches.
    store.draft.text.body = 'Typed just before the switch'
    await nextTick()
    await accounts.switchTo('a2')
    await vi.waitFor(() => expect(store.loaded).toBe(true))
    expect(bridge.callsTo('stories:draft-save')).toMatchObject([
      { accountId: 'a1', text: { body: 'For the first account' } },
      { accountId: 'a1', text: { body: 'Typed just before the switch' } },
    ])
    expect(bridge.callsTo('stories:draft-get').at(-1)).toEqual({ accountId: 'a2' })
    expect(store.accountId).toBe('a2')
    expect(store.draft.text.body).toBe('The other account’s story')
  })

  it('a draft read for the account left does not fill the next one’s composer', async () => {
    const slow = slowDraft(savedDraft('First account'))
    fakeBridge({
      'stories:limits': () => DEFAULT_STORY_LIMITS,
      'stories:draft-get': (arg) => ((arg as { accountId: string }).accountId === 'a1' ? slow.get() : savedDraft('Second account')),
    })
    const store = useStoriesStore()
    const first = store.load()
    onScreen('a2', ['a1', 'a2'])
    await vi.waitFor(() => expect(store.loaded).toBe(true))
    slow.release()
    await first
    expect(store.draft.text.body).toBe('Second account')
    expect(store.accountId).toBe('a2')
  })

  it('with no account on screen the composer reads and saves no draft and lists no one', async () => {
    onScreen(null)
    const bridge = fakeBridge({ 'stories:limits': () => DEFAULT_STORY_LIMITS, 'stories:draft-get': () => savedDraft('x') })
    const store = useStoriesStore()
    await store.load()
    store.draft.text.body = 'Nowhere to keep it'
    await store.saveDraft()
    expect(await store.searchContacts('ana')).toEqual({ ok: true, value: { contacts: [], matching: 0, total: 0 } })
    expect(bridge.calls.map((call) => call.channel)).toEqual(['stories:limits'])
  })
})

describe('draft saves that fail', () => {
  it('tell the user the draft is not being kept, until a save works again', async () => {
    let full = true
    fakeBridge({
      'stories:limits': () => DEFAULT_STORY_LIMITS,
      'stories:draft-get': () => null,
      'stories:draft-save': () => {
        if (full) throw failure('storage', undefined, { errno: 'ENOSPC' })
      },
    })
    const store = useStoriesStore()
    await store.load()
    store.draft.text.body = 'Important words'
    await store.saveDraft()
    expect(store.draftSaveError).toEqual({ code: 'storage', text: { key: 'errors.codes.storage' }, details: { errno: 'ENOSPC' } })
    full = false
    await store.saveDraft()
    expect(store.draftSaveError).toBeNull()
  })
})
