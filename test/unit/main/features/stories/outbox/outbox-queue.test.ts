import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { AppError } from '@shared/errors'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Emulator, startEmulator } from '../../../../../../src-main/emulator'
import { ApiClient } from '../../../../../../src-main/platform/api'
import { Connectivity } from '../../../../../../src-main/platform/net/connectivity'
import type { StoryPublisher } from '../../../../../../src-main/features/stories/outbox/outbox'
import { accountDir, openOutbox, recordingClient, textStory } from './outbox-harness'

let emulator: Emulator
const dirs: string[] = []

async function newDir(): Promise<string> {
  const dir = await accountDir()
  dirs.push(dir)
  return dir
}

/** A client with the app's own retry policy, counting every request it makes. */
function countingClient(baseUrl: string, token: string): StoryPublisher & { requests: () => number } {
  let requests = 0
  const client = new ApiClient({
    baseUrl,
    token,
    fetch: (input, init) => {
      requests++
      return globalThis.fetch(input, init)
    },
  })
  return {
    publishStory: (input, options) => client.publishStory(input, options),
    uploadMedia: (source, options) => client.uploadMedia(source, options),
    copyStory: (id, audience, options) => client.copyStory(id, audience, options),
    requests: () => requests,
  }
}

beforeEach(async () => {
  emulator = await startEmulator({ groups: 3 })
})
afterEach(async () => {
  await emulator.stop()
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

describe('the outbox queue', () => {
  it('sends a story published right after the reconnect after the ones queued before it', async () => {
    const port = Number(new URL(emulator.baseUrl).port)
    const { baseUrl, token } = emulator
    await emulator.stop()
    const connectivity = new Connectivity()
    const { outbox } = openOutbox(await newDir(), recordingClient(baseUrl, token), connectivity)
    await outbox.open()
    for (let i = 1; i <= 5; i++) expect((await outbox.publish(textStory(`Queued ${i}`))).state).toBe('queued')

    emulator = await startEmulator({ groups: 3, port, latencyMs: 40 })
    connectivity.reportSuccess()
    const fresh = await outbox.publish(textStory('Published after the reconnect'))
    expect(fresh.state).toBe('sent')
    await outbox.idle()
    expect(emulator.control.stories.list().map((story) => story.caption)).toEqual([
      'Queued 1',
      'Queued 2',
      'Queued 3',
      'Queued 4',
      'Queued 5',
      'Published after the reconnect',
    ])
  })

  it('a story cancelled while it waits for its turn never goes out', async () => {
    const port = Number(new URL(emulator.baseUrl).port)
    const { baseUrl, token } = emulator
    await emulator.stop()
    const connectivity = new Connectivity()
    const dir = await newDir()
    const { outbox } = openOutbox(dir, recordingClient(baseUrl, token), connectivity)
    await outbox.open()
    for (let i = 1; i <= 3; i++) expect((await outbox.publish(textStory(`Queued ${i}`))).state).toBe('queued')

    emulator = await startEmulator({ groups: 3, port, latencyMs: 150 })
    connectivity.reportSuccess()
    const controller = new AbortController()
    const waiting = outbox.publish(textStory('Changed my mind'), controller.signal)
    setTimeout(() => controller.abort(), 50)
    expect(await waiting).toMatchObject({ state: 'dropped', error: { code: 'cancelled' } })
    await outbox.idle()
    expect(emulator.control.stories.list().map((story) => story.caption)).toEqual(['Queued 1', 'Queued 2', 'Queued 3'])
    expect(outbox.list()).toEqual([])
  })

  it('queues at once, without a request, while the app knows it is offline', async () => {
    const client = countingClient(emulator.baseUrl, emulator.token)
    const connectivity = new Connectivity()
    connectivity.reportFailure('offline')
    const { outbox, timers } = openOutbox(await newDir(), client, connectivity)
    await outbox.open()
    const outcome = await outbox.publish(textStory('Known offline'))
    expect(outcome).toMatchObject({ state: 'queued', error: { code: 'offline' } })
    expect(client.requests()).toBe(0)
    expect(timers.pending).toHaveLength(1)

    connectivity.reportSuccess()
    await outbox.idle()
    expect(emulator.control.stories.list().map((story) => story.caption)).toEqual(['Known offline'])
  })

  it('queues after the first failure for want of a network, leaving the retries to the outbox', async () => {
    const { baseUrl, token } = emulator
    await emulator.stop()
    const client = countingClient(baseUrl, token)
    const { outbox, timers } = openOutbox(await newDir(), client)
    await outbox.open()
    const started = Date.now()
    const outcome = await outbox.publish(textStory('Learnt offline'))
    expect(outcome).toMatchObject({ state: 'queued', error: { code: 'offline' } })
    expect(client.requests()).toBe(1)
    // The client's own backoff (four attempts) took about 2.7 s; one attempt is immediate.
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(timers.pending).toHaveLength(1)
  })
})

describe('a data folder that refuses writes', () => {
  it('says the story was not sent and why, and keeps nothing that could go later', async () => {
    const dir = await newDir()
    // The outbox's folder cannot be made: a file is in the way, as on a disk that refuses writes.
    await writeFile(join(dir, 'outbox'), 'in the way')
    const client = countingClient(emulator.baseUrl, emulator.token)
    const { outbox } = openOutbox(dir, client)
    await outbox.open()
    const error = await outbox.publish(textStory('Never written')).then(
      () => null,
      (reason: unknown) => reason,
    )
    expect(error).toMatchObject({ code: 'storage', details: { reason: 'disk', published: false } })
    expect((error as AppError).text).toEqual({ key: 'storyErrors.outbox.notWritten.refused', params: { errno: 'ENOTDIR' } })
    expect(client.requests()).toBe(0)
    expect(outbox.list()).toEqual([])
  })
})
