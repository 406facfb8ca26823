import { createHash } from 'node:crypto'
import { cp, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '@shared/errors'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Emulator, startEmulator } from '../../../../../../src-main/emulator'
import { Connectivity } from '../../../../../../src-main/platform/net/connectivity'
import { accountDir, manualTimers, openOutbox, recordingClient, textStory, waitFor } from './outbox-harness'

const MB = 1024 * 1024
let emulator: Emulator
const dirs: string[] = []

async function newDir(): Promise<string> {
  const dir = await accountDir()
  dirs.push(dir)
  return dir
}

async function itemStates(dir: string): Promise<string[]> {
  const names = await readdir(join(dir, 'outbox')).catch(() => [] as string[])
  const states: string[] = []
  for (const name of names) {
    const json = JSON.parse(await readFile(join(dir, 'outbox', name, 'item.json'), 'utf8')) as { state: string }
    states.push(json.state)
  }
  return states
}

beforeEach(async () => {
  emulator = await startEmulator({ groups: 3, maxBodyBytes: 96 * MB })
})
afterEach(async () => {
  await emulator.stop()
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

describe('Outbox against the emulator', () => {
  it('publishes a story once, records it in history and leaves nothing in the outbox', async () => {
    const dir = await newDir()
    const { outbox, history } = openOutbox(dir, recordingClient(emulator.baseUrl, emulator.token))
    await outbox.open()
    const outcome = await outbox.publish(textStory('Hello world'))
    expect(outcome).toMatchObject({ state: 'sent', messageStatus: 'sent' })
    const stories = emulator.control.stories.list()
    expect(stories).toHaveLength(1)
    expect(stories[0]).toMatchObject({ kind: 'text', caption: 'Hello world', backgroundColor: '#FF0B6E4F' })
    if (outcome.state !== 'sent') throw new Error('not sent')
    expect(outcome.messageId).toBe(stories[0]!.id)
    const entries = await history.list()
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ messageId: stories[0]!.id, confirmation: 'confirmed', summary: { text: 'Hello world' } })
    expect(outbox.list()).toEqual([])
    expect(await readdir(join(dir, 'outbox'))).toEqual([])
  })

  it('a restart in the middle of sending leaves the story unknown, and it is never sent again on its own', async () => {
    const dir = await newDir()
    // The emulator publishes the story, then never answers: the app is "killed" while waiting.
    emulator.control.faults.add({ type: 'hang', phase: 'after', route: 'stories' })
    const first = openOutbox(dir, recordingClient(emulator.baseUrl, emulator.token))
    await first.outbox.open()
    const story = textStory('Interrupted')
    const pending = first.outbox.publish(story)
    await waitFor(() => emulator.control.stories.list().length === 1, 'the story to reach the emulator')
    expect(await itemStates(dir)).toEqual(['sending'])

    // What a crash leaves on disk, opened by the next run of the app.
    const crashed = await newDir()
    await cp(dir, crashed, { recursive: true })
    emulator.control.faults.clear()
    const connectivity = new Connectivity()
    const second = openOutbox(crashed, recordingClient(emulator.baseUrl, emulator.token), connectivity)
    await second.outbox.open()
    expect(second.outbox.list()).toMatchObject([{ state: 'unknown', requestId: story.requestId, lastError: { code: 'unknown-outcome' } }])

    // Every automatic trigger there is: none of them sends it.
    await Promise.all([second.outbox.drain(), second.outbox.drain()])
    connectivity.reportFailure('offline')
    connectivity.reportSuccess()
    second.timers.fire()
    await second.outbox.idle()
    expect(emulator.control.stories.list()).toHaveLength(1)
    expect(second.outbox.list()[0]!.state).toBe('unknown')

    // The user decides: it was published after all.
    await second.outbox.act(second.outbox.list()[0]!.id, 'mark-sent')
    expect(second.outbox.list()).toEqual([])
    expect(await second.history.list()).toMatchObject([{ confirmation: 'marked', summary: { text: 'Interrupted' } }])
    expect(emulator.control.stories.list()).toHaveLength(1)

    first.outbox.cancel(story.requestId)
    await expect(pending).resolves.toMatchObject({ state: 'unknown' })
  })

  it('an answer lost after the body was received is unknown; "send again" is the user’s call', async () => {
    const dir = await newDir()
    emulator.control.faults.add({ type: 'reset', route: 'stories', times: 1 })
    const { outbox, history } = openOutbox(dir, recordingClient(emulator.baseUrl, emulator.token))
    await outbox.open()
    const outcome = await outbox.publish(textStory('Reset'))
    expect(outcome).toMatchObject({ state: 'unknown', error: { code: 'unknown-outcome' } })
    expect(emulator.control.stories.list()).toHaveLength(1)
    await outbox.drain()
    expect(emulator.control.stories.list()).toHaveLength(1)

    const [item] = outbox.list()
    await expect(outbox.act(item!.id, 'send-now')).rejects.toMatchObject({ code: 'conflict' })
    // The user checked the account and chose to send it again: that is the only way it goes twice.
    await outbox.act(item!.id, 'send-again')
    await outbox.idle()
    expect(emulator.control.stories.list()).toHaveLength(2)
    expect(outbox.list()).toEqual([])
    expect(await history.list()).toMatchObject([{ confirmation: 'confirmed', summary: { text: 'Reset' } }])
  })

  it('offline: queued, survives a restart, and goes out exactly once when the connection returns', async () => {
    const port = Number(new URL(emulator.baseUrl).port)
    const { baseUrl, token } = emulator
    await emulator.stop()
    const dir = await newDir()

    const first = openOutbox(dir, recordingClient(baseUrl, token))
    await first.outbox.open()
    const outcome = await first.outbox.publish(textStory('Waited for the network'))
    expect(outcome).toMatchObject({ state: 'queued', error: { code: 'offline' } })
    expect(first.timers.pending).toHaveLength(1)
    first.outbox.close()
    expect(await itemStates(dir)).toEqual(['queued'])

    // Next run of the app, still offline: the start-up attempt fails, nothing is lost.
    const connectivity = new Connectivity()
    const second = openOutbox(dir, recordingClient(baseUrl, token), connectivity)
    await second.outbox.open()
    await second.outbox.drain()
    expect(connectivity.online).toBe(false)
    expect(second.outbox.list()).toMatchObject([{ state: 'queued', attempts: 2 }])

    emulator = await startEmulator({ groups: 3, port })
    // The connection comes back while several triggers fire at once.
    const id = second.outbox.list()[0]!.id
    connectivity.reportSuccess()
    const results = await Promise.allSettled([
      second.outbox.drain(),
      second.outbox.drain(),
      second.outbox.act(id, 'send-now'),
      Promise.resolve(second.timers.fire()),
    ])
    await second.outbox.idle()
    expect(emulator.control.stories.list()).toHaveLength(1)
    expect(emulator.control.stories.list()[0]!.caption).toBe('Waited for the network')
    expect(second.outbox.list()).toEqual([])
    expect(await second.history.list()).toHaveLength(1)
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(AppError)
    }
    await second.outbox.drain()
    expect(emulator.control.stories.list()).toHaveLength(1)
  })

  it('many queued stories under concurrent triggers: each is posted exactly once', async () => {
    const port = Number(new URL(emulator.baseUrl).port)
    const { baseUrl, token } = emulator
    await emulator.stop()
    const dir = await newDir()
    const connectivity = new Connectivity()
    const { outbox } = openOutbox(dir, recordingClient(baseUrl, token), connectivity)
    await outbox.open()
    for (let i = 0; i < 4; i++) expect((await outbox.publish(textStory(`Story ${i}`))).state).toBe('queued')

    emulator = await startEmulator({ groups: 3, port, latencyMs: 50 })
    connectivity.reportSuccess()
    await Promise.all([outbox.drain(), outbox.drain(), outbox.drain()])
    await outbox.idle()
    const captions = emulator.control.stories.list().map((s) => s.caption)
    expect(captions).toEqual(['Story 0', 'Story 1', 'Story 2', 'Story 3'])
  })

  it('a refusal: dropped when interactive, failed (kept for the user) when sent from the queue', async () => {
    const dir = await newDir()
    const bad = recordingClient(emulator.baseUrl, 'wrong-token-123')
    const { outbox } = openOutbox(dir, bad)
    await outbox.open()
    const outcome = await outbox.publish(textStory('Refused'))
    expect(outcome).toMatchObject({ state: 'dropped', error: { code: 'unauthorized' } })
    expect(await readdir(join(dir, 'outbox'))).toEqual([])

    const port = Number(new URL(emulator.baseUrl).port)
    await emulator.stop()
    expect((await outbox.publish(textStory('Queued then refused'))).state).toBe('queued')
    emulator = await startEmulator({ groups: 3, port })
    await outbox.drain()
    expect(outbox.list()).toMatchObject([{ state: 'failed', lastError: { code: 'unauthorized' } }])
    expect(emulator.control.stories.list()).toHaveLength(0)
    await outbox.act(outbox.list()[0]!.id, 'discard')
    expect(await readdir(join(dir, 'outbox'))).toEqual([])
  })

  it('the automatic retry timer sends a queued story once the server is back', async () => {
    const port = Number(new URL(emulator.baseUrl).port)
    const { baseUrl, token } = emulator
    await emulator.stop()
    const dir = await newDir()
    const timers = manualTimers()
    const { outbox } = openOutbox(dir, recordingClient(baseUrl, token), new Connectivity(), timers)
    await outbox.open()
    expect((await outbox.publish(textStory('Timer'))).state).toBe('queued')
    emulator = await startEmulator({ groups: 3, port })
    timers.fire()
    await waitFor(() => outbox.list().length === 0, 'the queued story to go')
    expect(emulator.control.stories.list()).toHaveLength(1)
  })

  it('two "send again" clicks at once: one is refused, and the disk says `sending` for the whole request', async () => {
    const dir = await newDir()
    emulator.control.faults.add({ type: 'reset', route: 'stories', times: 1 })
    const { outbox } = openOutbox(dir, recordingClient(emulator.baseUrl, emulator.token))
    await outbox.open()
    expect((await outbox.publish(textStory('Twice clicked'))).state).toBe('unknown')
    const id = outbox.list()[0]!.id

    // Published, then no answer: the request stays open while the test looks at the disk.
    emulator.control.faults.add({ type: 'hang', phase: 'after', route: 'stories' })
    const results = await Promise.allSettled([outbox.act(id, 'send-again'), outbox.act(id, 'send-again'), outbox.act(id, 'discard')])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected', 'rejected'])
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'conflict' })
    await waitFor(() => emulator.control.stories.list().length === 2, 'the resend to reach the emulator')
    expect(await itemStates(dir)).toEqual(['sending'])

    // A crash now: the next run must not send it a third time.
    const crashed = await newDir()
    await cp(dir, crashed, { recursive: true })
    emulator.control.faults.clear()
    const second = openOutbox(crashed, recordingClient(emulator.baseUrl, emulator.token))
    await second.outbox.open()
    await second.outbox.drain()
    expect(second.outbox.list()).toMatchObject([{ state: 'unknown' }])
    expect(emulator.control.stories.list()).toHaveLength(2)
    outbox.cancel(outbox.list()[0]!.requestId)
    await outbox.idle()
  })

  it('a disk that fails after the story went out: reported as sent, recorded in history, never "not sent"', async () => {
    const dir = await newDir()
    const client = recordingClient(emulator.baseUrl, emulator.token)
    const sabotaging: typeof client = {
      ...client,
      async publishStory(input, options) {
        const result = await client.publishStory(input, options)
        // The item's folder becomes a file: every later write of item.json fails.
        const [name] = await readdir(join(dir, 'outbox'))
        await rm(join(dir, 'outbox', name!), { recursive: true, force: true })
        await writeFile(join(dir, 'outbox', name!), 'not a folder')
        return result
      },
    }
    const { outbox, history } = openOutbox(dir, sabotaging)
    await outbox.open()
    const outcome = await outbox.publish(textStory('Disk full afterwards'))
    expect(outcome).toMatchObject({ state: 'sent' })
    expect(emulator.control.stories.list()).toHaveLength(1)
    expect(await history.list()).toMatchObject([{ confirmation: 'confirmed', summary: { text: 'Disk full afterwards' } }])
  })

  it('a disk that fails after an unanswered request: the item is unknown, not "not sent", and stays so after a restart', async () => {
    const dir = await newDir()
    emulator.control.faults.add({ type: 'reset', route: 'stories', times: 1 })
    const client = recordingClient(emulator.baseUrl, emulator.token)
    let sabotage = true
    const sabotaging: typeof client = {
      ...client,
      async publishStory(input, options) {
        const result = await client.publishStory(input, options)
        if (sabotage) {
          // The item's folder is moved away and a file takes its name: writing item.json fails.
          const [name] = (await readdir(join(dir, 'outbox'))).filter((n) => !n.startsWith('.'))
          blocked = join(dir, 'outbox', name!)
          await rename(blocked, `${blocked}.moved`)
          await writeFile(blocked, 'not a folder')
        }
        return result
      },
    }
    let blocked = ''
    const { outbox } = openOutbox(dir, sabotaging)
    await outbox.open()
    const outcome = await outbox.publish(textStory('Unknown, then a full disk'))
    expect(outcome).toMatchObject({ state: 'unknown', error: { code: 'unknown-outcome' } })
    expect(outbox.list()).toMatchObject([{ state: 'unknown' }])
    sabotage = false

    // What the disk kept (`sending`) reads as unknown on the next start: never sent on its own.
    await rm(blocked)
    await rename(`${blocked}.moved`, blocked)
    const second = openOutbox(dir, recordingClient(emulator.baseUrl, emulator.token))
    await second.outbox.open()
    await second.outbox.drain()
    expect(second.outbox.list()).toMatchObject([{ state: 'unknown' }])
    expect(emulator.control.stories.list()).toHaveLength(1)
  })

  it('streams a 50 MB media file from its outbox copy: a file source, never a buffer', async () => {
    const dir = await newDir()
    const source = join(dir, 'big.jpg')
    const handle = await open(source, 'w')
    const chunk = Buffer.alloc(MB, 7)
    const hash = createHash('sha256')
    for (let i = 0; i < 50; i++) {
      const piece = i === 0 ? Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), chunk.subarray(4)]) : chunk
      await handle.write(piece)
      hash.update(piece)
    }
    await handle.close()

    const client = recordingClient(emulator.baseUrl, emulator.token)
    const { outbox, progress } = openOutbox(dir, client)
    await outbox.open()
    const story = textStory()
    const outcome = await outbox.publish({
      ...story,
      payload: { kind: 'media', fields: { caption: 'Big' }, media: { file: 'media', mimeType: 'image/jpeg', size: 50 * MB } },
      summary: { ...story.summary, kind: 'image' },
      mediaSource: source,
    })
    expect(outcome.state).toBe('sent')
    const media = (client.inputs[0] as { media: { kind: string; path?: string; bytes?: unknown } }).media
    expect(media.kind).toBe('file')
    expect(media.bytes).toBeUndefined()
    expect(media.path).toContain(join(dir, 'outbox'))
    const [published] = emulator.control.stories.list()
    expect(published).toMatchObject({
      kind: 'image',
      caption: 'Big',
      media: { form: 'data-uri', bytes: 50 * MB, sha256: hash.digest('hex') },
    })
    const last = progress.at(-1)!
    expect(last.requestId).toBe(story.requestId)
    expect(last.totalBytes).toBeGreaterThan((50 * MB * 4) / 3)
    expect(last.sentBytes).toBe(last.totalBytes)
    expect(progress.length).toBeGreaterThan(100)
  })
})
