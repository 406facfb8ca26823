import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { instantToWallTime, PLAN_PAST_GRACE_MS } from '@shared/story/schedule'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts'
import { usePublishStore } from '../../../../src-renderer/src/stores/publish'
import { useScheduleStore } from '../../../../src-renderer/src/stores/schedule'
import { useStoriesStore } from '../../../../src-renderer/src/stores/stories'
import { fakeBridge } from '../support/fake-bridge'
import { answerFor, oneAccount, outboxItem } from '../support/publish-fixtures'

function bridgeFor(dueAtAnswer?: string) {
  return fakeBridge({
    'stories:limits': () => DEFAULT_STORY_LIMITS,
    'stories:draft-get': () => null,
    'stories:draft-save': () => undefined,
    'stories:publish': (arg) => {
      const { when } = arg as { when?: { at?: string } }
      return answerFor(
        when?.at
          ? { state: 'scheduled', itemId: 'i1', dueAt: dueAtAnswer ?? when.at }
          : { state: 'sent', itemId: 'i1', messageId: 'm', messageStatus: 'sent' },
      )(arg)
    },
    ...oneAccount,
    'stories:schedule-edit': (arg) => arg,
    'stories:schedule-duplicate': (arg) => arg,
  })
}

beforeEach(() => setActivePinia(createPinia()))

async function composer() {
  await useAccountsStore().load()
  const stories = useStoriesStore()
  await stories.load()
  return { stories, publish: usePublishStore() }
}

describe('publishing at a time', () => {
  it('sends the instant of the picked time in the user’s zone, then clears the picker', async () => {
    const bridge = bridgeFor()
    const { stories, publish } = await composer()
    const schedule = useScheduleStore()
    schedule.zone = 'Europe/Berlin'
    schedule.enable(true)
    schedule.publishAt = '2099-07-01T09:30'
    stories.draft.text.body = 'Later today'
    expect(await publish.publish()).toBe(true)
    expect(bridge.callsTo('stories:publish')[0]).toMatchObject({ when: { at: '2099-07-01T07:30:00.000Z' } })
    expect(publish.result).toMatchObject({ state: 'scheduled' })
    expect(schedule.enabled).toBe(false)
  })

  it('a past or missing time stops the publish, and nothing is sent', async () => {
    const bridge = bridgeFor()
    const { stories, publish } = await composer()
    const schedule = useScheduleStore()
    stories.draft.text.body = 'Too late'
    schedule.enable(true)
    schedule.publishAt = '2001-01-01T09:00'
    expect(await publish.publish()).toBe(false)
    expect(schedule.problem).toBe('past')
    schedule.publishAt = 'not a time'
    expect(await publish.publish()).toBe(false)
    expect(schedule.problem).toBe('invalid')
    expect(bridge.callsTo('stories:publish')).toEqual([])
  })

  it('shows the verdict main gives: a time picked a moment ago still goes, an older one is past', () => {
    bridgeFor()
    const schedule = useScheduleStore()
    schedule.zone = 'UTC'
    schedule.enable(true)
    const now = Date.parse('2099-07-01T09:30:00Z')
    schedule.now = now
    schedule.publishAt = instantToWallTime(now - 10_000, 'UTC')
    expect(schedule.problem).toBeNull()
    schedule.publishAt = instantToWallTime(now - PLAN_PAST_GRACE_MS, 'UTC')
    expect(schedule.problem).toBeNull()
    schedule.publishAt = instantToWallTime(now - PLAN_PAST_GRACE_MS - 1000, 'UTC')
    expect(schedule.problem).toBe('past')
  })

  it('without "Publish at…" the story goes now', async () => {
    const bridge = bridgeFor()
    const { stories, publish } = await composer()
    stories.draft.text.body = 'Right away'
    await publish.publish()
    expect(bridge.callsTo('stories:publish')[0]).not.toHaveProperty('when')
  })

  it('a fall-back time is its first occurrence, and the store says it is ambiguous', () => {
    bridgeFor()
    const schedule = useScheduleStore()
    schedule.zone = 'Europe/Berlin'
    schedule.enable(true)
    schedule.publishAt = '2099-10-25T02:30'
    expect(schedule.instant?.note).toBe('ambiguous')
  })
})

describe('planned story edits', () => {
  it('reschedules in the user’s zone and duplicates a day later', async () => {
    const bridge = bridgeFor()
    const schedule = useScheduleStore()
    schedule.zone = 'America/New_York'
    expect(await schedule.edit({ accountId: 'a2', id: 'i1' }, { caption: 'New words', wall: '2099-01-15T09:00' })).toBe(true)
    expect(bridge.callsTo('stories:schedule-edit')[0]).toEqual({
      accountId: 'a2',
      id: 'i1',
      caption: 'New words',
      dueAt: '2099-01-15T14:00:00.000Z',
    })
    const item = outboxItem({ id: 'i1', accountId: 'a2', state: 'scheduled', dueAt: '2099-01-15T14:00:00.000Z' })
    await schedule.duplicate(item)
    expect(bridge.callsTo('stories:schedule-duplicate')[0]).toMatchObject({ accountId: 'a2', id: 'i1', dueAt: '2099-01-16T14:00:00.000Z' })
  })

  it('duplicates to the next calendar day at the same time on the user’s clock, across a change of time', async () => {
    const bridge = bridgeFor()
    const schedule = useScheduleStore()
    schedule.zone = 'Europe/Berlin'
    // 09:00 CET the day before summer time starts (29 March 2099): the copy is at 09:00 CEST, 23 hours later.
    const item = outboxItem({ id: 'i1', accountId: 'a1', state: 'scheduled', dueAt: '2099-03-28T08:00:00.000Z' })
    await schedule.duplicate(item)
    expect(bridge.callsTo('stories:schedule-duplicate')[0]).toMatchObject({ dueAt: '2099-03-29T07:00:00.000Z' })
  })

  it('edits a story as the user saw it: the revision goes with the change', async () => {
    const bridge = bridgeFor()
    const schedule = useScheduleStore()
    const item = outboxItem({ id: 'i1', accountId: 'a2', state: 'scheduled', dueAt: '2099-01-15T14:00:00.000Z', rev: 7 })
    expect(await schedule.edit(item, { caption: 'Seen at revision 7' })).toBe(true)
    expect(bridge.callsTo('stories:schedule-edit')).toEqual([{ accountId: 'a2', id: 'i1', caption: 'Seen at revision 7', rev: 7 }])
  })
})
