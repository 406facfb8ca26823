import { userText } from '@shared/i18n/user-text'
import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import type { MediaGrant } from '@shared/story/media-facts'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts'
import { usePublishStore } from '../../../../src-renderer/src/stores/publish'
import { useStoriesStore } from '../../../../src-renderer/src/stores/stories'
import { onScreen } from '../support/accounts-fixtures'
import { failure, fakeBridge } from '../support/fake-bridge'
import { oneAccount } from '../support/publish-fixtures'

const grant: MediaGrant = {
  id: 'abcdefghijklmnopqrstuvwx',
  kind: 'image',
  mimeType: 'image/jpeg',
  size: 2048,
  name: 'photo.jpg',
  width: 360,
  height: 640,
  seconds: null,
  url: '/media/abcdefghijklmnopqrstuvwx',
  createdAt: '2026-01-01T00:00:00.000Z',
}
const base = { 'stories:limits': () => DEFAULT_STORY_LIMITS, 'stories:draft-get': () => null }

beforeEach(() => {
  setActivePinia(createPinia())
  onScreen('a1')
})

describe('stories store', () => {
  it('holds back "empty" problems until a publish is tried, and sends nothing while a check fails', async () => {
    const bridge = fakeBridge({ ...base, ...oneAccount })
    await useAccountsStore().load()
    const store = useStoriesStore()
    await store.load()
    expect(store.issues.map((i) => i.code)).toEqual(['text-empty'])
    expect(store.visibleIssues).toEqual([])
    store.draft.text.background = '#00000000'
    expect(store.visibleIssues.map((i) => i.code)).toEqual(['background-transparent'])
    expect(await usePublishStore().publish()).toBe(false)
    expect(store.visibleIssues.map((i) => i.code)).toEqual(['text-empty', 'background-transparent'])
    expect(bridge.callsTo('stories:publish')).toEqual([])
  })

  it('restores a draft and its media, and says when the file is gone', async () => {
    fakeBridge({
      ...base,
      'stories:draft-get': () => ({ ...emptyMediaDraft(), media: { ...emptyMediaDraft().media, grantId: grant.id } }),
      'stories:media-get': () => null,
    })
    const store = useStoriesStore()
    await store.load()
    expect(store.draft.kind).toBe('media')
    expect(store.mediaGone).toBe(true)
    expect(store.draft.media.grantId).toBeNull()
  })

  it('takes a grant for a dropped file, releasing the one it replaces, and shows an import refusal', async () => {
    const second = { ...grant, id: 'zyxwvutsrqponmlkjihgfedc' }
    // Web mode uploads to main's media route; a stand-in answers the way that route does.
    let answer: unknown = { ok: true, value: grant }
    const uploads: string[] = []
    const realFetch = globalThis.fetch
    globalThis.fetch = (async (url: string) => {
      uploads.push(url)
      return new Response(JSON.stringify(answer))
    }) as typeof fetch
    onTestFinished(() => {
      globalThis.fetch = realFetch
    })
    const bridge = fakeBridge({ ...base, 'stories:media-release': () => undefined })
    const store = useStoriesStore()
    await store.load()
    await store.importFile(new File([new Uint8Array([1, 2, 3])], 'a.jpg'))
    expect(store.grant?.id).toBe(grant.id)
    expect(store.draft.media.grantId).toBe(grant.id)
    answer = { ok: true, value: second }
    await store.importFile(new File([new Uint8Array([1])], 'b.jpg'))
    expect(bridge.callsTo('stories:media-release')).toEqual([{ id: grant.id }])
    const refusal = userText('mediaErrors.check.unusable')
    answer = { ok: false, error: failure('unsupported-media', refusal) }
    await store.importFile(new File([new Uint8Array([1])], 'c.txt'))
    expect(store.mediaError).toMatchObject({ code: 'unsupported-media', text: refusal })
    expect(store.grant?.id).toBe(second.id)
    expect(uploads).toEqual(['/media-upload?name=a.jpg', '/media-upload?name=b.jpg', '/media-upload?name=c.txt'])
  })
})

function emptyMediaDraft() {
  return {
    kind: 'media' as const,
    text: { body: '', background: '#FF0B6E4F', color: '#FFFFFFFF', font: 'SYSTEM' as const },
    media: { grantId: null as string | null, caption: 'Hi', background: '#FF3B2F63', preview: null },
    audience: { mode: 'everyone' as const, contacts: [], exclude: [] },
  }
}

describe('the composer’s account', () => {
  it('is named by the people search and a media import from a URL', async () => {
    const bridge = fakeBridge({
      ...base,
      'stories:contacts-search': () => ({ contacts: [], matching: 0, total: 0 }),
      'stories:media-import-url': () => grant,
    })
    const store = useStoriesStore()
    await store.load()
    await store.searchContacts('ana', 10)
    await store.importUrl('https://example.com/photo.jpg')
    expect(bridge.callsTo('stories:draft-get')).toEqual([{ accountId: 'a1' }])
    expect(bridge.callsTo('stories:contacts-search')).toEqual([{ accountId: 'a1', query: 'ana', limit: 10 }])
    expect(bridge.callsTo('stories:media-import-url')).toEqual([{ url: 'https://example.com/photo.jpg', accountId: 'a1' }])
  })
})
