import type { PublishResult } from '@shared/channels/outbox'
import { userText } from '@shared/i18n/user-text'
import { emptyDraft } from '@shared/story/draft'
import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts'
import { usePublishStore } from '../../../../src-renderer/src/stores/publish'
import { useScheduleStore } from '../../../../src-renderer/src/stores/schedule'
import { useStoriesStore } from '../../../../src-renderer/src/stores/stories'
import { account, state } from '../support/accounts-fixtures'
import { failure, fakeBridge } from '../support/fake-bridge'
import { answerFor, oneAccount, sent } from '../support/publish-fixtures'

const accounts = state([
  account({ id: 'a1', label: 'Shop' }),
  account({ id: 'a2', label: 'Branch' }),
  account({ id: 'a3', label: 'Demo', isDemo: true }),
])
const base = { 'stories:limits': () => DEFAULT_STORY_LIMITS, 'stories:draft-get': () => null, 'accounts:list': () => accounts }
const alone = { ...base, ...oneAccount }

beforeEach(() => {
  setActivePinia(createPinia())
})

async function ready() {
  await useAccountsStore().load()
  const stories = useStoriesStore()
  await stories.load()
  return { stories, publish: usePublishStore() }
}

describe('publish store, to the open account alone', () => {
  it('publishes with a fresh request id, follows progress, then starts afresh keeping the look', async () => {
    let seenProgress: unknown = null
    const bridge = fakeBridge({
      ...alone,
      'stories:publish': (arg) => {
        const { requestId } = arg as { requestId: string }
        bridge.emit('stories:progress', { requestId: `${requestId}-0`, sentBytes: 50, totalBytes: 100 })
        seenProgress = usePublishStore().publishing
        return answerFor(sent)(arg)
      },
    })
    const { stories, publish } = await ready()
    stories.draft.text.body = 'Hello'
    stories.draft.text.font = 'EXO2_EXTRABOLD'
    expect(await publish.publish()).toBe(true)
    const [press] = bridge.callsTo('stories:publish') as {
      requestId: string
      accountIds: string[]
      draftOf: string
      draft: { text: { body: string } }
    }[]
    expect(press!.requestId).toMatch(/^[0-9a-f-]{36}$/)
    expect(press!.accountIds).toEqual(['a1'])
    expect(press!.draftOf).toBe('a1')
    expect(press!.draft.text.body).toBe('Hello')
    expect(seenProgress).toEqual({ requestId: press!.requestId, sentBytes: 50, totalBytes: 100 })
    expect(publish.result).toMatchObject({ state: 'sent', messageId: 'm1' })
    expect(publish.asSummary).toBe(false)
    expect(publish.publishing).toBeNull()
    expect(stories.draft.text.body).toBe('')
    expect(stories.draft.text.font).toBe('EXO2_EXTRABOLD')
  })

  it('sends the story after one to chosen contacts to everyone, offering the same contacts in one click', async () => {
    const bridge = fakeBridge({ ...alone, 'stories:publish': answerFor(sent) })
    const { stories: store, publish } = await ready()
    store.draft.text.body = 'Only for the team'
    store.draft.audience = { mode: 'contacts', contacts: ['15550100001', '15550100002'], exclude: ['15550100009'] }
    expect(await publish.publish()).toBe(true)
    expect(store.draft.audience).toEqual({ mode: 'everyone', contacts: [], exclude: ['15550100009'] })
    expect(store.lastContacts).toEqual(['15550100001', '15550100002'])

    store.reuseLastContacts()
    expect(store.draft.audience).toEqual({ mode: 'contacts', contacts: ['15550100001', '15550100002'], exclude: ['15550100009'] })
    expect(store.lastContacts).toBeNull()

    store.draft.text.body = 'Team again'
    expect(await publish.publish()).toBe(true)
    expect((bridge.callsTo('stories:publish')[1] as { draft: { audience: unknown } }).draft.audience).toMatchObject({
      mode: 'contacts',
      contacts: ['15550100001', '15550100002'],
    })
    expect(store.lastContacts).toEqual(['15550100001', '15550100002'])
    store.draft.audience.mode = 'contacts'
    await Promise.resolve()
    expect(store.lastContacts).toBeNull()
  })

  it('offers nothing after a story to everyone', async () => {
    fakeBridge({ ...alone, 'stories:publish': answerFor(sent) })
    const { stories: store, publish } = await ready()
    store.draft.text.body = 'Hello all'
    expect(await publish.publish()).toBe(true)
    expect(store.lastContacts).toBeNull()
    expect(store.draft.audience.mode).toBe('everyone')
  })

  it('keeps the draft and shows main’s error when publishing fails', async () => {
    fakeBridge({
      ...alone,
      'stories:publish': () => Promise.reject(failure('invalid-argument', userText('storyErrors.issues.textEmpty'), { issues: [] })),
    })
    const { stories: store, publish } = await ready()
    store.draft.text.body = 'Keep me'
    expect(await publish.publish()).toBe(false)
    expect(publish.error).toMatchObject({ code: 'invalid-argument' })
    expect(publish.result).toBeNull()
    expect(store.draft.text.body).toBe('Keep me')
  })

  it('shows a refusal by the account as the composer’s error, and keeps the story', async () => {
    const wrongToken = userText('apiErrors.http.unauthorized')
    fakeBridge({ ...alone, 'stories:publish': answerFor({ state: 'refused', error: failure('unauthorized', wrongToken) }) })
    const { stories: store, publish } = await ready()
    store.draft.text.body = 'Keep me'
    expect(await publish.publish()).toBe(false)
    expect(publish.error).toMatchObject({ code: 'unauthorized', text: wrongToken })
    expect(publish.result).toBeNull()
    expect(publish.asSummary).toBe(false)
    expect(store.draft.text.body).toBe('Keep me')
  })

  it('keeps showing what the press answered while it follows the queued item until it is published', async () => {
    const bridge = fakeBridge({
      ...alone,
      'stories:publish': answerFor({ state: 'queued', itemId: 'i1', error: failure('offline', userText('storyErrors.outbox.offline')) }),
    })
    const { stories, publish } = await ready()
    stories.draft.text.body = 'From the train'
    expect(await publish.publish()).toBe(true)
    expect(publish.result).toMatchObject({ state: 'queued' })
    bridge.emit('stories:outbox-changed', { accountId: 'a1', items: [{ id: 'i1', state: 'sending', lastError: null }], left: [] })
    expect(publish.targets[0]!.state).toBe('sending')
    bridge.emit('stories:outbox-changed', { accountId: 'a1', items: [], left: [{ id: 'i1', requestId: 'r-0', outcome: 'published' }] })
    expect(publish.targets[0]!.state).toBe('sent')
    expect(publish.result).toMatchObject({ state: 'queued' })
  })

  it('shows the outcome main sends with the change, whichever other event comes first', async () => {
    const bridge = fakeBridge({
      ...alone,
      'stories:publish': answerFor({ state: 'queued', itemId: 'i1', error: failure('offline', userText('storyErrors.outbox.offline')) }),
    })
    const { stories, publish } = await ready()
    stories.draft.text.body = 'Waiting'
    await publish.publish()
    // The history grew (another story), then this one was discarded: it is removed, not published.
    bridge.emit('stories:history-changed', { accountId: 'a1' })
    bridge.emit('stories:outbox-changed', { accountId: 'a1', items: [], left: [{ id: 'i1', requestId: 'r-0', outcome: 'removed' }] })
    expect(publish.targets[0]!.state).toBe('removed')

    stories.draft.text.body = 'Waiting again'
    await publish.publish()
    // Published, with the history's own event yet to come: it is published all the same.
    bridge.emit('stories:outbox-changed', { accountId: 'a1', items: [], left: [{ id: 'i1', requestId: 'r-0', outcome: 'published' }] })
    expect(publish.targets[0]!.state).toBe('sent')
    // A change that does not name the item leaves its line as it is.
    bridge.emit('stories:outbox-changed', { accountId: 'a1', items: [], left: [] })
    expect(publish.targets[0]!.state).toBe('sent')
  })

  it('brings the answer up to date with what main said while it was on its way', async () => {
    const bridge = fakeBridge({
      ...alone,
      'stories:publish': (arg) => {
        // Web mode carries events apart from answers: the item went out before the answer came back.
        bridge.emit('stories:outbox-changed', { accountId: 'a1', items: [{ id: 'i1', state: 'sending', lastError: null }], left: [] })
        bridge.emit('stories:outbox-changed', { accountId: 'a1', items: [], left: [{ id: 'i1', requestId: 'r-0', outcome: 'published' }] })
        return answerFor({ state: 'queued', itemId: 'i1', error: failure('offline', userText('storyErrors.outbox.offline')) })(arg)
      },
    })
    const { stories, publish } = await ready()
    stories.draft.text.body = 'Quick'
    await publish.publish()
    expect(publish.targets[0]!.state).toBe('sent')
    expect(publish.targets[0]!.error).toBeNull()
  })

  it('forgets the composer’s outcome when another account is opened', async () => {
    fakeBridge({ ...base, 'stories:publish': answerFor(sent), 'accounts:switch': () => ({ ...accounts, activeId: 'a2' }) })
    const { stories, publish } = await ready()
    stories.draft.text.body = 'Hello'
    await publish.publish()
    expect(publish.result).not.toBeNull()
    await useAccountsStore().switchTo('a2')
    await Promise.resolve()
    expect(publish.result).toBeNull()
  })
})

describe('publish store, while the user switches accounts', () => {
  it('a press answered after a switch leaves the next account’s composer as it is', async () => {
    let answer!: () => void
    const bridge = fakeBridge({
      ...base,
      'accounts:switch': () => ({ ...accounts, activeId: 'a2' }),
      'stories:draft-get': (arg) => {
        if ((arg as { accountId: string }).accountId !== 'a2') return null
        const draft = emptyDraft()
        draft.text.body = 'Branch’s own story'
        return draft
      },
      'stories:draft-save': () => undefined,
      'stories:publish': (arg) => new Promise((resolve) => (answer = () => resolve(answerFor(sent)(arg)))),
    })
    const { stories, publish } = await ready()
    stories.draft.text.body = 'For the shop'
    const pressing = publish.publish()
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'))
    await useAccountsStore().switchTo('a2')
    await vi.waitFor(() => expect(stories.draft.text.body).toBe('Branch’s own story'))
    answer()
    expect(await pressing).toBe(true)
    expect(bridge.callsTo('stories:publish')).toMatchObject([{ accountIds: ['a1'], draftOf: 'a1' }])
    expect(stories.draft.text.body).toBe('Branch’s own story')
    expect(publish.result).toBeNull()
  })
})

describe('publish store, to several accounts', () => {
  it('"Publish at…" goes with the press to every account, and a planned result clears the picker', async () => {
    const dueAt = '2099-07-01T07:30:00.000Z'
    const result: PublishResult = {
      targets: [
        { accountId: 'a1', label: 'Shop', requestId: 'r-0', outcome: { state: 'scheduled', itemId: 'i1', dueAt } },
        { accountId: 'a2', label: 'Branch', requestId: 'r-1', outcome: { state: 'scheduled', itemId: 'i2', dueAt } },
      ],
    }
    const bridge = fakeBridge({ ...base, 'stories:publish': () => result })
    const { stories, publish } = await ready()
    const schedule = useScheduleStore()
    schedule.zone = 'Europe/Berlin'
    schedule.enable(true)
    schedule.publishAt = '2099-07-01T09:30'
    publish.toggle('a2', true)
    stories.draft.text.body = 'Both at half past nine'
    expect(await publish.publish()).toBe(true)
    expect(bridge.callsTo('stories:publish')).toMatchObject([{ accountIds: ['a1', 'a2'], when: { at: dueAt } }])
    expect(publish.counts).toMatchObject({ scheduled: 2, sent: 0 })
    expect(publish.asSummary).toBe(true)
    expect(publish.result).toBeNull()
    expect(schedule.enabled).toBe(false)
  })

  it('a planned time already past stops the press before anything is sent', async () => {
    const bridge = fakeBridge({ ...base, 'stories:publish': () => ({ targets: [] }) })
    const { stories, publish } = await ready()
    const schedule = useScheduleStore()
    schedule.enable(true)
    schedule.publishAt = '2001-01-01T09:00'
    publish.toggle('a2', true)
    stories.draft.text.body = 'Too late'
    expect(await publish.publish()).toBe(false)
    expect(bridge.callsTo('stories:publish')).toEqual([])
  })

  it('publishes to the open account alone until others are ticked, in the accounts’ order', async () => {
    fakeBridge(base)
    const { publish } = await ready()
    expect(publish.selected).toEqual(['a1'])
    expect(publish.several).toBe(false)
    publish.toggle('a3', true)
    publish.toggle('a2', true)
    expect(publish.selected).toEqual(['a1', 'a2', 'a3'])
    expect(publish.several).toBe(true)
    publish.toggle('a1', false)
    publish.toggle('a2', false)
    // Another account than the open one alone is shown as a publish to several too.
    expect(publish.selected).toEqual(['a3'])
    expect(publish.several).toBe(true)
  })

  it('sends one press for every ticked account, counts the outcomes, and follows a waiting one until it is published', async () => {
    const result: PublishResult = {
      targets: [
        {
          accountId: 'a1',
          label: 'Shop',
          requestId: 'r-0',
          outcome: { state: 'sent', itemId: 'i1', messageId: 'm1', messageStatus: 'sent' },
        },
        {
          accountId: 'a2',
          label: 'Branch',
          requestId: 'r-1',
          outcome: { state: 'queued', itemId: 'i2', error: failure('offline', userText('storyErrors.outbox.offline')) },
        },
      ],
    }
    const bridge = fakeBridge({ ...base, 'stories:publish': () => result })
    const { stories, publish } = await ready()
    publish.toggle('a2', true)
    stories.draft.text.body = 'To both'
    expect(await publish.publish()).toBe(true)
    expect(bridge.callsTo('stories:publish')).toMatchObject([
      { accountIds: ['a1', 'a2'], draftOf: 'a1', draft: { text: { body: 'To both' } } },
    ])
    expect(publish.counts).toMatchObject({ sent: 1, queued: 1 })
    // Both hold the story: the composer starts afresh.
    expect(stories.draft.text.body).toBe('')

    // Another account's news leaves this one's line alone.
    bridge.emit('stories:outbox-changed', { accountId: 'a1', items: [{ id: 'i2', state: 'unknown', lastError: null }], left: [] })
    expect(publish.targets[1]!.state).toBe('queued')
    bridge.emit('stories:outbox-changed', { accountId: 'a2', items: [{ id: 'i2', state: 'sending', lastError: null }], left: [] })
    expect(publish.targets[1]!.state).toBe('sending')
    // Another account's item of the same id leaving says nothing of this one.
    bridge.emit('stories:outbox-changed', { accountId: 'a1', items: [], left: [{ id: 'i2', requestId: 'x-0', outcome: 'removed' }] })
    expect(publish.targets[1]!.state).toBe('sending')
    bridge.emit('stories:outbox-changed', { accountId: 'a2', items: [], left: [{ id: 'i2', requestId: 'r-1', outcome: 'published' }] })
    expect(publish.targets.map((t) => t.state)).toEqual(['sent', 'sent'])
  })

  it('keeps the story in the composer when an account refused it', async () => {
    const result: PublishResult = {
      targets: [
        {
          accountId: 'a1',
          label: 'Shop',
          requestId: 'r-0',
          outcome: { state: 'sent', itemId: 'i1', messageId: null, messageStatus: null },
        },
        {
          accountId: 'a2',
          label: 'Branch',
          requestId: 'r-1',
          outcome: { state: 'refused', error: failure('unauthorized', userText('accountErrors.tokenNeeded.named', { label: 'Branch' })) },
        },
      ],
    }
    fakeBridge({ ...base, 'stories:publish': () => result })
    const { stories, publish } = await ready()
    publish.toggle('a2', true)
    stories.draft.text.body = 'Keep me'
    expect(await publish.publish()).toBe(true)
    expect(publish.counts).toMatchObject({ sent: 1, refused: 1 })
    // The summary says it, account by account, rather than the composer's error.
    expect(publish.error).toBeNull()
    expect(stories.draft.text.body).toBe('Keep me')
  })

  it('keeps the summary when another account is opened: it names each account', async () => {
    const bridge = fakeBridge({
      ...base,
      'stories:publish': () => ({
        targets: [
          { accountId: 'a1', label: 'Shop', requestId: 'r-0', outcome: sent },
          { accountId: 'a2', label: 'Branch', requestId: 'r-1', outcome: { ...sent, itemId: 'i2' } },
        ],
      }),
    })
    const { stories, publish } = await ready()
    publish.toggle('a2', true)
    stories.draft.text.body = 'To both'
    await publish.publish()
    bridge.emit('accounts:changed', { ...accounts, activeId: 'a2' })
    await Promise.resolve()
    expect(publish.counts.sent).toBe(2)
  })

  it('a story that fails a check is not sent to any account', async () => {
    const bridge = fakeBridge(base)
    const { publish } = await ready()
    publish.toggle('a2', true)
    expect(await publish.publish()).toBe(false)
    expect(bridge.callsTo('stories:publish')).toEqual([])
  })

  it('shows each account’s own progress while the press is on its way, and their sum', async () => {
    let answer: (value: PublishResult) => void = () => {}
    const bridge = fakeBridge({ ...base, 'stories:publish': () => new Promise<PublishResult>((resolve) => (answer = resolve)) })
    const { stories, publish } = await ready()
    publish.toggle('a2', true)
    stories.draft.text.body = 'Big file'
    const publishing = publish.publish()
    await Promise.resolve()
    const [press] = bridge.callsTo('stories:publish') as Array<{ requestId: string }>
    expect(publish.pending.map((t) => [t.label, t.requestId])).toEqual([
      ['Shop', `${press!.requestId}-0`],
      ['Branch', `${press!.requestId}-1`],
    ])
    bridge.emit('stories:progress', { requestId: `${press!.requestId}-1`, sentBytes: 50, totalBytes: 200, step: 'upload' })
    expect(publish.pending[1]).toMatchObject({ sentBytes: 50, totalBytes: 200, step: 'upload' })
    expect(publish.pending[0]).toMatchObject({ sentBytes: 0 })
    expect(publish.publishing).toMatchObject({ sentBytes: 50, totalBytes: 200 })
    bridge.emit('stories:progress', { requestId: `${press!.requestId}-0`, sentBytes: 10, totalBytes: 200, step: 'upload' })
    expect(publish.publishing).toMatchObject({ requestId: press!.requestId, sentBytes: 60, totalBytes: 400, step: 'upload' })
    // Another press's progress is not this one's.
    bridge.emit('stories:progress', { requestId: 'someone-else-0', sentBytes: 999, totalBytes: 999 })
    expect(publish.publishing).toMatchObject({ sentBytes: 60, totalBytes: 400 })
    answer({ targets: [] })
    await publishing
    expect(publish.pending).toEqual([])
    expect(publish.publishing).toBeNull()
  })

  it('cancels the whole press by its own id', async () => {
    let answer: (value: PublishResult) => void = () => {}
    const bridge = fakeBridge({
      ...base,
      'stories:publish': () => new Promise<PublishResult>((resolve) => (answer = resolve)),
      'stories:cancel': () => undefined,
    })
    const { stories, publish } = await ready()
    publish.toggle('a2', true)
    stories.draft.text.body = 'Stop it'
    const publishing = publish.publish()
    await Promise.resolve()
    await publish.cancel()
    const [press] = bridge.callsTo('stories:publish') as Array<{ requestId: string }>
    expect(bridge.callsTo('stories:cancel')).toEqual([{ requestId: press!.requestId }])
    answer({ targets: [] })
    await publishing
  })
})
