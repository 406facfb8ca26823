import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { StoryNotification } from '@shared/channels/outbox'
import { StoryDraftSchema } from '@shared/story/draft'
import type { UserText } from '@shared/i18n/user-text'
import { DEFAULT_STORY_LIMITS } from '@shared/story/limits'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Emulator, startEmulator } from '../../../../../../src-main/emulator'
import type { AccountSession } from '../../../../../../src-main/account/workspace/account-session'
import { ApiClient } from '../../../../../../src-main/platform/api'
import { MediaStore } from '../../../../../../src-main/features/stories/media/media-store'
import type { OutboxTimers, StoryPublisher } from '../../../../../../src-main/features/stories/outbox/outbox'
import { StoriesHarness } from './stories-harness'

let emulator: Emulator
let root: string
let now = Date.parse('2026-10-24T20:00:00Z')
const armed: (() => void)[] = []
const timers: OutboxTimers = {
  now: () => now,
  setTimeout: (callback) => (armed.push(callback), callback),
  clearTimeout: (handle) => {
    const at = armed.indexOf(handle as () => void)
    if (at >= 0) armed.splice(at, 1)
  },
}
const fire = () => {
  for (const callback of armed.splice(0)) callback()
}

function start(lateSendMinutes = 0) {
  const notices: UserText[] = []
  const notifications: StoryNotification[] = []
  const client = new ApiClient({ baseUrl: emulator.baseUrl, token: emulator.token, fetch: globalThis.fetch })
  const session: AccountSession<StoryPublisher> = { id: 'acc1', baseUrl: emulator.baseUrl, isDemo: true, dir: join(root, 'acc1'), client }
  const service = new StoriesHarness({
    accounts: { active: () => session, onActiveChange: () => () => {} },
    media: new MediaStore({ dir: join(root, 'media'), limits: () => DEFAULT_STORY_LIMITS, fetch: globalThis.fetch }),
    limits: () => DEFAULT_STORY_LIMITS,
    timers,
    lateSendMinutes: () => lateSendMinutes,
    events: {
      progress: () => {},
      outboxChanged: () => {},
      historyChanged: () => {},
      notice: (_level, text) => notices.push(text),
      notify: (notification) => notifications.push(notification),
    },
  })
  return { service, notices, notifications, ready: service.start() }
}

const story = (body: string) => StoryDraftSchema.parse({ text: { body, background: '#FF0B6E4F' } })
const received = (caption: string) => emulator.control.stories.list().filter((s) => s.caption === caption).length

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20))
}

beforeEach(async () => {
  now = Date.parse('2026-10-24T20:00:00Z')
  armed.splice(0)
  emulator = await startEmulator({ groups: 3 })
  root = await mkdtemp(join(tmpdir(), 'statusdesk-schedule-'))
})
afterEach(async () => {
  await emulator.stop()
  await rm(root, { recursive: true, force: true })
})

describe('StoriesService scheduling', () => {
  it('schedules across the fall-back night, publishes at the real instant and notifies without the number', async () => {
    const { service, notifications, ready } = start()
    await ready
    // 09:00 Berlin on 25 October 2026, after the clocks go back: 08:00 UTC, 12 hours ahead.
    const dueAt = Date.parse('2026-10-25T08:00:00Z')
    const result = await service.publish('schedule-request-1', story('Sunday brunch, book on 5511987654321'), dueAt)
    expect(result).toEqual({ state: 'scheduled', itemId: expect.any(String), dueAt: '2026-10-25T08:00:00.000Z' })
    expect(service.scheduledCount()).toBe(1)
    expect(service.nextDue()).toMatchObject({ dueAt: '2026-10-25T08:00:00.000Z' })
    // The same request again (a double click) answers the same, with no second item.
    expect(await service.publish('schedule-request-1', story('Sunday brunch, book on 5511987654321'), dueAt)).toEqual(result)
    now += 11 * 3_600_000
    fire()
    await service.idle()
    expect(received('Sunday brunch, book on 5511987654321')).toBe(0)
    now += 3_600_000
    service.recheckSchedule()
    await until(() => notifications.length > 0)
    expect(received('Sunday brunch, book on 5511987654321')).toBe(1)
    expect(notifications).toEqual([{ outcome: 'published', text: 'Sunday brunch, book on [number]' }])
    expect(service.scheduledCount()).toBe(0)
    await service.dispose()
  })

  it('a restart after the due time tells the user, in a notice and a notification, and sends nothing', async () => {
    const first = start()
    await first.ready
    await first.service.publish('schedule-request-2', story('Missed while closed'), now + 60_000)
    await first.service.dispose()
    now += 30 * 60_000
    const again = start()
    await again.ready
    await again.service.idle()
    expect(received('Missed while closed')).toBe(0)
    expect(again.notices).toContainEqual({ key: 'storyErrors.notices.missed', params: { count: 1, account: 'this account' } })
    expect(again.notifications).toEqual([{ outcome: 'missed', text: 'Missed while closed' }])
    expect((await again.service.outboxList()).map((item) => item.state)).toEqual(['missed'])
    await again.service.dispose()
  })
})
