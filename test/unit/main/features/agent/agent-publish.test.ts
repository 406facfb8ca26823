import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AccountSummary } from '@shared/channels/accounts'
import { type HistoryItemView, type PublishResult, targetRequestId } from '@shared/channels/outbox'
import type { AppNotice } from '@shared/channels/app'
import type { UploadProgressEvent } from '@shared/channels/outbox'
import { AppError, codeText } from '@shared/errors'
import type { MediaGrant } from '@shared/story/media-facts'
import type { AgentMediaIntake } from '../../../../../src-main/agent/server'
import type { AppCore } from '../../../../../src-main/app/app-core'
import { type Emulator, startEmulator } from '../../../../../src-main/emulator'
import { callCore } from '../../../../support/app-core'
import { pairDeskWithAgent } from '../../../../support/desk-and-agent'

const JPEG = join(import.meta.dirname, '../../../../fixtures/media/photo-360x640.jpg')

let emulator: Emulator
let other: Emulator
let root = ''
let folders = 0
const running: Array<{ close(): Promise<void> }> = []

beforeAll(async () => {
  emulator = await startEmulator({ groups: 2 })
  other = await startEmulator({ groups: 1 })
  root = await mkdtemp(join(tmpdir(), 'statusdesk-agent-publish-'))
})
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.close()
})
afterAll(async () => {
  await emulator.stop()
  await other.stop()
  await rm(root, { recursive: true, force: true })
})

/** A desktop paired with an agent, its account handed over (with no story yet). */
async function handedOver(options: { media?: (intake: AgentMediaIntake) => AgentMediaIntake } = {}) {
  const pair = await pairDeskWithAgent(join(root, `run-${folders++}`), emulator, running, options)
  await callCore(pair.desk, 'agent:hand-over', { accountId: pair.accountId })
  return pair
}

const requestId = () => `press-${randomBytes(6).toString('hex')}`
const received = (server: Emulator, caption: string) => server.control.stories.list().filter((story) => story.caption === caption)

describe('a story planned on the desktop for an account that runs on the agent', () => {
  it('is planned on the agent, under the request id the page computed, and sent there once; the desktop keeps no copy', async () => {
    const { desk, accountId, agentOutbox, deskOutbox, deskLocal } = await handedOver()
    const id = requestId()
    const result = await callCore<PublishResult>(desk, 'stories:publish', {
      requestId: id,
      draft: { text: { body: 'planned-there' } },
      accountIds: [accountId],
      when: { at: new Date(Date.now() + 3_000).toISOString() },
    })
    expect(result.targets).toMatchObject([{ accountId, requestId: targetRequestId(id, 0), outcome: { state: 'scheduled' } }])
    expect(await deskLocal()).toEqual([])
    expect((await agentOutbox()).map((item) => item.summary.text)).toEqual(['planned-there'])
    expect((await deskOutbox()).map((item) => [item.summary.text, item.where])).toEqual([['planned-there', 'agent']])
    await expect.poll(() => received(emulator, 'planned-there').length, { timeout: 15_000, interval: 200 }).toBe(1)
    // Asked again (a repeat after a lost answer), the agent answers the first answer: nothing new is planned.
    const again = await callCore<PublishResult>(desk, 'stories:publish', {
      requestId: id,
      draft: { text: { body: 'planned-there' } },
      accountIds: [accountId],
      when: { at: new Date(Date.now() + 3_000).toISOString() },
    })
    expect(again.targets[0]!.outcome.state).toBe('scheduled')
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(received(emulator, 'planned-there')).toHaveLength(1)
  }, 40_000)

  it('published now, is sent by the agent with its media file, and the composer here starts afresh', async () => {
    const { desk, agentCore, accountId, deskLocal } = await handedOver()
    const grant = await callCore<MediaGrant>(desk, 'stories:media-import', {
      name: 'photo.jpg',
      bytes: new Uint8Array(await readFile(JPEG)),
    })
    const draft = { kind: 'media', media: { grantId: grant.id, caption: 'picture-there' } }
    await callCore(desk, 'stories:draft-save', { ...draft, accountId })
    const result = await callCore<PublishResult>(desk, 'stories:publish', {
      requestId: requestId(),
      draft,
      accountIds: [accountId],
      draftOf: accountId,
    })
    expect(result.targets.map((target) => target.outcome.state)).toEqual(['sent'])
    expect(received(emulator, 'picture-there')).toMatchObject([{ kind: 'image' }])
    expect(await deskLocal()).toEqual([])
    // The story is the agent's: its history has it, and the desktop's history shows it as the agent's.
    const history = await callCore<HistoryItemView[]>(desk, 'stories:history-list')
    expect(history.filter((entry) => entry.summary.text === 'picture-there').map((entry) => entry.where)).toEqual(['agent'])
    expect((await callCore<HistoryItemView[]>(agentCore, 'stories:history-list')).map((entry) => entry.summary.text)).toContain(
      'picture-there',
    )
    expect(await callCore(desk, 'stories:draft-get', { accountId })).toBeNull()
    expect(await callCore(desk, 'stories:media-get', { id: grant.id })).toBeNull()
  }, 40_000)

  it('in one press with an account that runs here, each part goes where its account runs, at its place in the press', async () => {
    const { desk, accountId, agentOutbox, deskLocal } = await handedOver()
    const here = await callCore<AccountSummary>(desk, 'accounts:connect', { baseUrl: other.baseUrl, token: other.token, storage: 'weak' })
    const id = requestId()
    const at = new Date(Date.now() + 3_600_000).toISOString()
    const result = await callCore<PublishResult>(desk, 'stories:publish', {
      requestId: id,
      draft: { text: { body: 'both-places' } },
      accountIds: [here.id, accountId],
      when: { at },
    })
    expect(result.targets.map((target) => [target.accountId, target.requestId, target.outcome.state])).toEqual([
      [here.id, targetRequestId(id, 0), 'scheduled'],
      [accountId, targetRequestId(id, 1), 'scheduled'],
    ])
    expect(await deskLocal()).toEqual([])
    expect((await desk.store.list(here.id)).length).toBe(1)
    expect((await agentOutbox()).map((item) => item.requestId)).toEqual([targetRequestId(id, 1)])
  }, 30_000)

  it('with the agent away, its part is refused in words, nothing is planned here, and the draft stays', async () => {
    const { desk, agent, accountId, deskLocal } = await handedOver()
    running.splice(running.indexOf(agent), 1)
    await agent.close()
    const draft = { text: { body: 'not-while-away' } }
    await callCore(desk, 'stories:draft-save', { ...draft, accountId })
    const result = await callCore<PublishResult>(desk, 'stories:publish', {
      requestId: requestId(),
      draft,
      accountIds: [accountId],
      draftOf: accountId,
      when: { at: new Date(Date.now() + 60_000).toISOString() },
    })
    expect(result.targets).toMatchObject([
      { accountId, outcome: { state: 'refused', error: { code: 'offline', text: { key: 'errors.agentLink.unreachable' } } } },
    ])
    expect(await deskLocal()).toEqual([])
    expect(await callCore(desk, 'stories:draft-get', { accountId })).toMatchObject({ text: { body: 'not-while-away' } })
  }, 30_000)

  it("refuses an agent's answer about accounts it was not asked about, or that is not a publish's answer", async () => {
    const { desk, served, accountId, deskLocal } = await handedOver()
    served['stories:publish'] = async () => ({
      targets: [{ accountId: 'someone-else', label: 'x', requestId: 'x', outcome: { state: 'scheduled', itemId: 'x', dueAt: 'x' } }],
    })
    const draft = { text: { body: 'hostile' } }
    const stranger = await callCore<PublishResult>(desk, 'stories:publish', { requestId: requestId(), draft, accountIds: [accountId] })
    expect(stranger.targets).toMatchObject([{ accountId, outcome: { state: 'refused', error: { code: 'invalid-response' } } }])
    served['stories:publish'] = async () => ({ targets: 'all of them' }) as never
    const garbage = await callCore<PublishResult>(desk, 'stories:publish', { requestId: requestId(), draft, accountIds: [accountId] })
    expect(garbage.targets).toMatchObject([{ accountId, outcome: { state: 'refused', error: { code: 'invalid-response' } } }])
    expect(await deskLocal()).toEqual([])
  }, 30_000)
})

/** What the desktop tells its pages while a test runs: progress and notices. */
function heard(core: AppCore) {
  const progress: UploadProgressEvent[] = []
  const notices: AppNotice[] = []
  core.events.subscribe((name, payload) => {
    if (name === 'stories:progress') progress.push(payload as UploadProgressEvent)
    if (name === 'app:notice') notices.push(payload as AppNotice)
  })
  return { progress, notices }
}

/** A photo the media store takes, made large enough to go in many pieces (bytes after its end are not read as image). */
async function largePhoto(desk: AppCore): Promise<MediaGrant> {
  const bytes = Buffer.concat([await readFile(JPEG), Buffer.alloc(1_500_000)])
  return callCore<MediaGrant>(desk, 'stories:media-import', { name: 'large.jpg', bytes: new Uint8Array(bytes) })
}

/** The agent's media store, holding every upload until `release` is called. */
function heldUploads() {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  let arrived: () => void = () => {}
  const started = new Promise<void>((resolve) => (arrived = resolve))
  const wrap = (intake: AgentMediaIntake): AgentMediaIntake => ({
    largest: () => intake.largest(),
    importStream: async (source, name) => {
      arrived()
      await held
      return intake.importStream(source, name)
    },
  })
  return { wrap, started, release: () => release() }
}

describe('a publish to the agent, followed and cancelled from the desktop', () => {
  it('when the agent refuses the cancel it was told, the press still says what the agent did, and the desktop says where to stop it', async () => {
    const { desk, served, accountId, agentOutbox, deskLocal } = await handedOver()
    const { notices } = heard(desk)
    let reached: () => void = () => {}
    const atAgent = new Promise<void>((resolve) => (reached = resolve))
    let told: () => void = () => {}
    const cancelTold = new Promise<void>((resolve) => (told = resolve))
    const publishThere = served['stories:publish']
    served['stories:publish'] = async (arg, ctx) => {
      reached()
      await cancelTold
      return publishThere(arg, ctx)
    }
    served['stories:cancel'] = async () => {
      told()
      throw new Error('not today')
    }
    const id = requestId()
    const pressed = callCore<PublishResult>(desk, 'stories:publish', {
      requestId: id,
      draft: { text: { body: 'too-late-to-stop' } },
      accountIds: [accountId],
      when: { at: new Date(Date.now() + 3_600_000).toISOString() },
    })
    await atAgent
    await callCore(desk, 'stories:cancel', { requestId: id })
    const result = await pressed
    // Planned once, on the agent: neither lost nor planned again here.
    expect(result.targets).toMatchObject([{ accountId, requestId: targetRequestId(id, 0), outcome: { state: 'scheduled' } }])
    expect((await agentOutbox()).map((item) => item.summary.text)).toEqual(['too-late-to-stop'])
    expect(await deskLocal()).toEqual([])
    expect(notices.map((notice) => notice.text.key)).toEqual(['errors.agentPublish.cancelTooLatePlanned'])
    expect(notices[0]!.text.params).toMatchObject({ account: result.targets[0]!.label })
  }, 30_000)

  it('cancelled while the agent gives no answer, is not asked for again, and says the agent may hold the story', async () => {
    const { desk, served, accountId, deskLocal } = await handedOver()
    let asked = 0
    let reached: () => void = () => {}
    const atAgent = new Promise<void>((resolve) => (reached = resolve))
    let told: () => void = () => {}
    const cancelTold = new Promise<void>((resolve) => (told = resolve))
    served['stories:publish'] = async () => {
      asked++
      reached()
      await cancelTold
      throw new AppError('timeout', codeText('timeout'))
    }
    served['stories:cancel'] = async () => told()
    const id = requestId()
    const pressed = callCore<PublishResult>(desk, 'stories:publish', {
      requestId: id,
      draft: { text: { body: 'maybe-there' } },
      accountIds: [accountId],
      when: { at: new Date(Date.now() + 3_600_000).toISOString() },
    })
    await atAgent
    await callCore(desk, 'stories:cancel', { requestId: targetRequestId(id, 0) })
    expect((await pressed).targets).toMatchObject([
      { accountId, outcome: { state: 'refused', error: { code: 'cancelled', text: { key: 'errors.agentPublish.cancelUnsure' } } } },
    ])
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    expect(asked).toBe(1)
    expect(await deskLocal()).toEqual([])
  }, 30_000)

  it("reports the file's way to the agent as a publish here does, under the account's request id, then that the story goes", async () => {
    const { desk, accountId } = await handedOver()
    const { progress } = heard(desk)
    const grant = await largePhoto(desk)
    const id = requestId()
    const result = await callCore<PublishResult>(desk, 'stories:publish', {
      requestId: id,
      draft: { kind: 'media', media: { grantId: grant.id, caption: 'followed-there' } },
      accountIds: [accountId],
    })
    expect(result.targets.map((target) => target.outcome.state)).toEqual(['sent'])
    expect(new Set(progress.map((event) => event.requestId))).toEqual(new Set([targetRequestId(id, 0)]))
    const upload = progress.filter((event) => event.step === 'upload')
    expect(upload.length).toBeGreaterThan(5)
    expect(upload.length).toBeLessThanOrEqual(101)
    expect(upload.every((event) => event.totalBytes === grant.size)).toBe(true)
    expect(upload.map((event) => event.sentBytes)).toEqual(upload.map((event) => event.sentBytes).sort((a, b) => a - b))
    expect(upload.at(-1)!.sentBytes).toBe(grant.size)
    expect(progress.at(-1)).toMatchObject({ step: 'publish', sentBytes: grant.size, totalBytes: grant.size })
    expect(received(emulator, 'followed-there')).toHaveLength(1)
  }, 40_000)

  it('cancelled while its file goes to the agent, stops the upload: nothing is planned on either side and the draft stays', async () => {
    const uploads = heldUploads()
    const { desk, accountId, agentOutbox, deskLocal } = await handedOver({ media: uploads.wrap })
    const here = await callCore<AccountSummary>(desk, 'accounts:connect', { baseUrl: other.baseUrl, token: other.token, storage: 'weak' })
    const grant = await largePhoto(desk)
    const draft = { kind: 'media', media: { grantId: grant.id, caption: 'stopped-on-the-way' } }
    await callCore(desk, 'stories:draft-save', { ...draft, accountId })
    const id = requestId()
    const pressed = callCore<PublishResult>(desk, 'stories:publish', {
      requestId: id,
      draft,
      accountIds: [accountId, here.id],
      draftOf: accountId,
    })
    await uploads.started
    await callCore(desk, 'stories:cancel', { requestId: id })
    const result = await pressed
    uploads.release()
    expect(result.targets.map((target) => [target.accountId, target.outcome.state])).toEqual([
      [accountId, 'refused'],
      [here.id, 'refused'],
    ])
    for (const target of result.targets)
      expect(target.outcome).toMatchObject({ error: { code: 'cancelled', text: { key: 'storyErrors.publish.cancelled' } } })
    expect(await agentOutbox()).toEqual([])
    expect(await deskLocal()).toEqual([])
    expect(await desk.store.list(here.id)).toEqual([])
    expect(await callCore(desk, 'stories:draft-get', { accountId })).toMatchObject({ media: { grantId: grant.id } })
    expect(received(emulator, 'stopped-on-the-way').length + received(other, 'stopped-on-the-way').length).toBe(0)
  }, 40_000)
})
