import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { codeText } from '@shared/errors'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Emulator, startEmulator } from '../../../../../../src-main/emulator'
import { accountDir, olderItemJson, openOutbox, recordingClient } from './outbox-harness'

/**
 * Items written by versions before translated texts keep their error as `{code, message}`, the
 * message an English sentence. They are read as they are: never set aside, shown with the
 * code's text in the user's language, the English sentence kept as the detail of the time.
 */
let emulator: Emulator
const dirs: string[] = []

const OFFLINE_ENGLISH =
  'There is no connection right now. The story waits in the outbox and goes out by itself when the connection returns.'
const REFUSED_ENGLISH = 'The server did not accept the token.'

async function newDir(): Promise<string> {
  const dir = await accountDir()
  dirs.push(dir)
  return dir
}

/** An item.json as an older version wrote it, with its error in the old shape. */
async function writeOldItem(dir: string, id: string, caption: string, fields: Record<string, unknown>): Promise<void> {
  await mkdir(join(dir, 'outbox', id), { recursive: true })
  await writeFile(join(dir, 'outbox', id, 'item.json'), JSON.stringify(olderItemJson(id, caption, fields)))
}

async function itemOnDisk(dir: string, id: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(dir, 'outbox', id, 'item.json'), 'utf8')) as Record<string, unknown>
}

beforeEach(async () => {
  emulator = await startEmulator({ groups: 1 })
})
afterEach(async () => {
  await emulator.stop()
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

describe('an outbox item whose error an older version recorded in English', () => {
  it('is read, shown with its code’s text and its recorded detail, and sent as a queued story always was', async () => {
    const dir = await newDir()
    await writeOldItem(dir, 'olderQueuedItem1', 'Queued by an older version', {
      lastError: { code: 'offline', message: OFFLINE_ENGLISH, details: { published: false } },
      nextAttemptAt: new Date(Date.now() - 1_000).toISOString(),
    })
    const { outbox, history, changes } = openOutbox(dir, recordingClient(emulator.baseUrl, emulator.token))

    expect(await outbox.open()).toEqual([])
    // What the renderer was shown once the items were read, before the queue took it.
    expect(changes[0]).toMatchObject([
      {
        id: 'olderQueuedItem1',
        state: 'queued',
        lastError: { code: 'offline', text: codeText('offline'), details: { published: false, recorded: OFFLINE_ENGLISH } },
      },
    ])
    expect(changes[0]![0]!.lastError).not.toHaveProperty('message')

    await outbox.drain()
    await outbox.idle()
    expect(emulator.control.stories.list().map((story) => story.caption)).toEqual(['Queued by an older version'])
    expect(outbox.list()).toEqual([])
    expect(await history.list()).toMatchObject([{ confirmation: 'confirmed', summary: { text: 'Queued by an older version' } }])
    expect((await readdir(join(dir, 'outbox'))).filter((name) => name.includes('.corrupt-'))).toEqual([])
  })

  it('a failed one waits for the user as before, and “send again” sends it once', async () => {
    const dir = await newDir()
    await writeOldItem(dir, 'olderFailedItem1', 'Refused for an older version', {
      state: 'failed',
      lastError: { code: 'unauthorized', message: REFUSED_ENGLISH, details: { status: 401 } },
    })
    const { outbox } = openOutbox(dir, recordingClient(emulator.baseUrl, emulator.token))
    await outbox.open()
    await outbox.idle()

    expect(outbox.list()).toMatchObject([
      {
        state: 'failed',
        lastError: { code: 'unauthorized', text: codeText('unauthorized'), details: { status: 401, recorded: REFUSED_ENGLISH } },
      },
    ])
    expect(emulator.control.stories.list()).toEqual([])

    await outbox.act('olderFailedItem1', 'send-again')
    await outbox.idle()
    expect(emulator.control.stories.list().map((story) => story.caption)).toEqual(['Refused for an older version'])
    expect(outbox.list()).toEqual([])
  })

  it('is written back in the current shape at its next save, the English kept only as the recorded detail', async () => {
    const dir = await newDir()
    // Queued offline, then found past its time: a missed story keeps the error of its last try.
    await writeOldItem(dir, 'olderMissedItem1', 'Missed under an older version', {
      state: 'missed',
      dueAt: new Date(Date.now() - 3_600_000).toISOString(),
      lastError: { code: 'offline', message: OFFLINE_ENGLISH, details: { published: false } },
    })
    const { outbox } = openOutbox(dir, recordingClient(emulator.baseUrl, emulator.token))
    await outbox.open()

    await outbox.editScheduled('olderMissedItem1', { dueAt: new Date(Date.now() + 3_600_000).toISOString() })
    const saved = await itemOnDisk(dir, 'olderMissedItem1')
    expect(saved).toMatchObject({
      state: 'scheduled',
      lastError: { code: 'offline', text: { key: 'errors.codes.offline' }, details: { published: false, recorded: OFFLINE_ENGLISH } },
    })
    expect(saved['lastError']).not.toHaveProperty('message')

    // Read again by the next start: the same, and nothing set aside.
    const next = openOutbox(dir, recordingClient(emulator.baseUrl, emulator.token))
    expect(await next.outbox.open()).toEqual([])
    expect(next.outbox.list()).toMatchObject([{ id: 'olderMissedItem1', state: 'scheduled', lastError: saved['lastError'] }])
    next.outbox.close()
    outbox.close()
    expect(emulator.control.stories.list()).toEqual([])
  })
})
