import { emptyDraft } from '@shared/story/draft'
import type { SavedDraft } from '@shared/story/library'
import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useLibraryStore } from '../../../../src-renderer/src/stores/library'
import { useStoriesStore } from '../../../../src-renderer/src/stores/stories'
import { onScreen } from '../support/accounts-fixtures'
import { fakeBridge } from '../support/fake-bridge'

function saved(id: string, body: string): SavedDraft {
  const draft = emptyDraft()
  draft.text.body = body
  return { id, savedAt: '2026-06-01T00:00:00.000Z', draft }
}

const DRAFTS: Record<string, SavedDraft[]> = {
  a1: [saved('shop-draft-1', 'Shop sale')],
  a2: [saved('home-draft-1', 'Home news')],
}

function bridgeFor() {
  return fakeBridge({
    'audiences:list': () => [],
    'styles:list': () => [],
    'stories:limits': () => DEFAULT_STORY_LIMITS,
    'stories:draft-get': () => null,
    'drafts:list': (arg) => DRAFTS[(arg as { accountId: string }).accountId] ?? [],
    'drafts:save': (arg) => [...(DRAFTS[(arg as { accountId: string }).accountId] ?? []), saved('new-draft-1', 'Saved now')],
    'drafts:delete': () => [],
  })
}

beforeEach(() => {
  setActivePinia(createPinia())
  onScreen('a1')
})

describe('library store, saved drafts', () => {
  it('lists, saves and deletes the drafts of the account on this client’s screen', async () => {
    const bridge = bridgeFor()
    await useStoriesStore().load()
    const library = useLibraryStore()
    await library.load()
    expect(library.drafts.map((draft) => draft.draft.text.body)).toEqual(['Shop sale'])
    expect(await library.saveDraft()).toBe(true)
    await library.deleteDraft('shop-draft-1')
    expect(bridge.callsTo('drafts:list')).toEqual([{ accountId: 'a1' }])
    expect(bridge.callsTo('drafts:save')).toMatchObject([{ accountId: 'a1', draft: { kind: 'text' } }])
    expect(bridge.callsTo('drafts:delete')).toEqual([{ accountId: 'a1', id: 'shop-draft-1' }])
  })

  it('shows the next account’s drafts after a switch, and none of the account left', async () => {
    const bridge = bridgeFor()
    const library = useLibraryStore()
    await library.load()
    onScreen('a2', ['a1', 'a2'])
    await vi.waitFor(() => expect(library.drafts.map((draft) => draft.draft.text.body)).toEqual(['Home news']))
    expect(bridge.callsTo('drafts:list')).toEqual([{ accountId: 'a1' }, { accountId: 'a2' }])
  })

  it('asks nothing about drafts while no account is on screen', async () => {
    onScreen(null)
    const bridge = bridgeFor()
    const library = useLibraryStore()
    await library.load()
    expect(await library.saveDraft()).toBe(false)
    await library.deleteDraft('shop-draft-1')
    expect(bridge.calls.map((call) => call.channel).filter((channel) => channel.startsWith('drafts:'))).toEqual([])
  })
})
