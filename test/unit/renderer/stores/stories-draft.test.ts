import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { emptyDraft, type StoryDraft } from '@shared/story/draft'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts'
import { useStoriesStore } from '../../../../src-renderer/src/stores/stories'
import { account, state } from '../support/accounts-fixtures'
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
  it('name the account whose draft was loaded, so a save sent during a switch lands there', async () => {
    const bridge = fakeBridge({
      'accounts:list': () => state([account({ id: 'a1' }), account({ id: 'a2', label: 'Other' })], 'a1'),
      'stories:limits': () => DEFAULT_STORY_LIMITS,
      'stories:draft-get': () => null,
      'stories:draft-save': () => undefined,
    })
    await useAccountsStore().load()
    const store = useStoriesStore()
    await store.load()
    store.draft.text.body = 'For the first account'
    await store.saveDraft()
    expect(bridge.callsTo('stories:draft-save')).toMatchObject([{ accountId: 'a1', text: { body: 'For the first account' } }])
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
