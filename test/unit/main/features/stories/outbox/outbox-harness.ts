import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { OutboxItemView } from '@shared/story/records'
import { ApiClient, type PublishStoryInput } from '../../../../../../src-main/platform/api'
import { Connectivity } from '../../../../../../src-main/platform/net/connectivity'
import { HistoryStore } from '../../../../../../src-main/features/stories/history/history-store'
import { Outbox, type OutboxTimers, type StoryPublisher } from '../../../../../../src-main/features/stories/outbox/outbox'
import type { NewStory } from '../../../../../../src-main/features/stories/outbox/outbox'
import type { StoryReader } from '../../../../../../src-main/features/stories/outbox/reconcile'
import { accountFile } from '../../../../../support/declared-files'

/** A client for the emulator that gives up quickly, and remembers what it was asked to send. */
function emulatorClient(baseUrl: string, token: string, uploads: boolean): StoryPublisher & { inputs: PublishStoryInput[] } {
  const client = new ApiClient({
    baseUrl,
    token,
    fetch: globalThis.fetch,
    retry: { maxAttempts: uploads ? 3 : 2, baseDelayMs: 1, maxDelayMs: 2 },
    timeouts: { headersMs: 5_000, stallMs: 5_000 },
  })
  const inputs: PublishStoryInput[] = []
  return {
    inputs,
    publishStory(input, options) {
      inputs.push(input)
      return client.publishStory(input, options)
    },
    // Without uploads it is as a server without `/media`: media travels inside the story.
    uploadMedia: uploads ? (source, options) => client.uploadMedia(source, options) : async () => ({ outcome: 'unsupported', status: 404 }),
    copyStory: (id, audience, options) => client.copyStory(id, audience, options),
  }
}

/** A recording client with no upload of its own: media travels inside the story request. */
export function recordingClient(baseUrl: string, token: string): StoryPublisher & { inputs: PublishStoryInput[] } {
  return emulatorClient(baseUrl, token, false)
}

/** The same, with the media upload step: media goes up with POST /media first. */
export function uploadingClient(baseUrl: string, token: string): StoryPublisher & { inputs: PublishStoryInput[] } {
  return emulatorClient(baseUrl, token, true)
}

/** Timers that fire only when the test says so. */
export function manualTimers(): OutboxTimers & { pending: (() => void)[]; fire(): void } {
  const pending: (() => void)[] = []
  return {
    pending,
    now: () => Date.now(),
    setTimeout: (callback) => {
      pending.push(callback)
      return callback
    },
    clearTimeout: (handle) => {
      const at = pending.indexOf(handle as () => void)
      if (at >= 0) pending.splice(at, 1)
    },
    fire() {
      for (const callback of pending.splice(0)) callback()
    },
  }
}

export async function accountDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'statusdesk-outbox-'))
}

/** The account's stories as the emulator lists them, for settling an unknown outcome. */
export function storyReader(baseUrl: string, token: string): StoryReader {
  return new ApiClient({
    baseUrl,
    token,
    fetch: globalThis.fetch,
    retry: { maxAttempts: 1 },
    timeouts: { headersMs: 5_000, stallMs: 5_000 },
  })
}

export function openOutbox(
  dir: string,
  publisher: StoryPublisher,
  connectivity = new Connectivity(),
  timers = manualTimers(),
  reader: StoryReader | null = null,
) {
  const changes: OutboxItemView[][] = []
  const progress: { requestId: string; sentBytes: number; totalBytes: number; step?: string }[] = []
  const history = new HistoryStore(accountFile(dir, 'history'))
  const outbox = new Outbox({
    accountId: 'acc1',
    accountDir: dir,
    publisher,
    connectivity,
    history,
    timers,
    reader,
    onChange: (items) => changes.push(items),
    onProgress: (requestId, p) => progress.push({ requestId, ...p }),
  })
  return { outbox, history, connectivity, timers, changes, progress }
}

let seq = 0
export function textStory(caption = 'Hello from the outbox'): NewStory {
  seq++
  return {
    requestId: `req-${Date.now()}-${seq}`,
    payload: {
      kind: 'text',
      request: { caption, background_color: '#FF0B6E4F', caption_color: '#FFFFFFFF', font_type: 'SYSTEM' },
    },
    summary: {
      kind: 'text',
      text: caption,
      thumbnail: null,
      background: '#FF0B6E4F',
      color: '#FFFFFFFF',
      font: 'SYSTEM',
      audience: { mode: 'everyone', count: null, excluded: 0 },
      mediaBytes: null,
    },
    mediaSource: null,
  }
}

export async function waitFor(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** An item.json as a version before translated texts wrote it, its error (if any) an English sentence. */
export function olderItemJson(id: string, caption: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  const story = textStory(caption)
  const at = new Date(Date.now() - 60_000).toISOString()
  return {
    version: 1,
    id,
    requestId: story.requestId,
    state: 'queued',
    createdAt: at,
    updatedAt: at,
    attempts: 1,
    payload: story.payload,
    summary: story.summary,
    lastError: null,
    result: null,
    nextAttemptAt: null,
    ...fields,
  }
}
