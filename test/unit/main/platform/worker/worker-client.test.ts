import type { WorkerOptions } from 'node:worker_threads'
import { afterEach, describe, expect, it } from 'vitest'
import { startWorkerBeside } from '../../../../../src-main/platform/worker/start-worker'
import { WorkerClient, WorkerRequestFailed, WorkerStopped, movable } from '../../../../../src-main/platform/worker/worker-client'
import type { EchoReply, EchoRequest } from './echo-worker'

const clients: WorkerClient<EchoRequest, EchoReply, unknown>[] = []
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close()
})

function client(options: { greeting?: () => unknown[]; isReply?: (reply: unknown) => reply is EchoReply } = {}) {
  const started: WorkerOptions[] = []
  const made = new WorkerClient<EchoRequest, EchoReply, unknown>({
    start: (workerOptions) => {
      started.push(workerOptions)
      return startWorkerBeside(import.meta.url, 'echo-worker', workerOptions)
    },
    heapMb: 64,
    ...options,
  })
  clients.push(made)
  return { client: made, started }
}

describe('a worker client', () => {
  it('starts its worker with the first request and gives each reply to its own request', async () => {
    const { client: worker, started } = client()
    expect(worker.running).toBe(false)
    const replies = await Promise.all([
      worker.request({ op: 'echo', value: 'slow', afterMs: 200 }),
      worker.request({ op: 'echo', value: { fast: [1, 2] } }),
    ])
    expect(replies).toEqual([{ value: 'slow' }, { value: { fast: [1, 2] } }])
    expect(started).toEqual([{ resourceLimits: { maxOldGenerationSizeMb: 64 } }])
    expect(worker.running).toBe(true)
  }, 20_000)

  it('moves the memory in its transfer lists both ways', async () => {
    const { client: worker } = client()
    const bytes = movable(Uint8Array.of(1, 2, 3))
    const reply = await worker.request({ op: 'double', bytes }, [bytes])
    expect(bytes.byteLength).toBe(0)
    expect([...new Uint8Array((reply as { bytes: ArrayBuffer }).bytes)]).toEqual([2, 4, 6])
  }, 20_000)

  it('rejects only the request whose work failed, with its message and code', async () => {
    const { client: worker } = client()
    const [failed, fine] = await Promise.allSettled([
      worker.request({ op: 'fail', message: 'disk full', code: 'storage' }),
      worker.request({ op: 'echo', value: 1 }),
    ])
    expect(failed.status === 'rejected' && failed.reason).toBeInstanceOf(WorkerRequestFailed)
    expect(failed.status === 'rejected' && failed.reason).toMatchObject({ message: 'disk full', code: 'storage', text: undefined })
    expect(fine).toEqual({ status: 'fulfilled', value: { value: 1 } })
    expect(worker.running).toBe(true)
  }, 20_000)

  it('carries the text of an AppError the work failed with across to main', async () => {
    const { client: worker } = client()
    const failed = await worker.request({ op: 'fail-app' }).catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(WorkerRequestFailed)
    expect(failed).toMatchObject({ code: 'cancelled', text: { key: 'apiErrors.files.cancelled' } })
  }, 20_000)

  it.each([
    [{ op: 'exit', code: 7 } as const, 'stopped with code 7'],
    [{ op: 'throw-later', message: 'boom' } as const, 'failed: boom'],
    [{ op: 'garbage', message: 'nonsense' } as const, 'answered a request it was not given'],
    [{ op: 'garbage', message: { id: 999, reply: 1 } } as const, 'answered a request it was not given'],
    [{ op: 'garbage', message: { id: 0, error: 'bad' } } as const, 'answered with something that is not a reply'],
    [
      { op: 'garbage', message: { id: 0, error: { name: 'Error', message: 'm', text: { key: 'not a key' } } } } as const,
      'answered with something that is not a reply',
    ],
    [{ op: 'unclonable' } as const, expect.stringMatching(/^failed: /)],
  ])(
    'fails every request waiting on a worker that does %j, and starts a new one for the next',
    async (request, why) => {
      const { client: worker, started } = client()
      const waiting = worker.request({ op: 'echo', value: 'never', afterMs: 60_000 })
      const broken = worker.request(request)
      await expect(broken).rejects.toBeInstanceOf(WorkerStopped)
      await expect(broken).rejects.toMatchObject({ why })
      await expect(waiting).rejects.toMatchObject({ why })
      expect(worker.running).toBe(false)
      expect(await worker.request({ op: 'echo', value: 'again' })).toEqual({ value: 'again' })
      expect(started).toHaveLength(2)
    },
    20_000,
  )

  it('rejects a request that cannot be copied to the worker, and goes on with the next', async () => {
    const { client: worker, started } = client()
    const unclonable = { op: 'echo', value: () => undefined } as const
    await expect(worker.request(unclonable)).rejects.toThrow(/could not be cloned/)
    expect(await worker.request({ op: 'echo', value: 2 })).toEqual({ value: 2 })
    expect(started).toHaveLength(1)
  }, 20_000)

  it('takes a reply its check refuses as a broken worker', async () => {
    const isReply = (reply: unknown): reply is EchoReply => (reply as { value?: unknown }).value !== 'bad'
    const { client: worker } = client({ isReply })
    await expect(worker.request({ op: 'echo', value: 'bad' })).rejects.toMatchObject({
      why: 'answered with something that is not a reply',
    })
    expect(await worker.request({ op: 'echo', value: 'good' })).toEqual({ value: 'good' })
  }, 20_000)

  it('tells a new worker its greeting before any request, and notes only to a running one', async () => {
    const state = ['first']
    const { client: worker } = client({ greeting: () => [...state] })
    worker.notify('lost: no worker yet')
    expect(worker.running).toBe(false)
    expect(await worker.request({ op: 'told' })).toEqual({ told: ['first'] })
    worker.notify('second')
    expect(await worker.request({ op: 'told' })).toEqual({ told: ['first', 'second'] })
    state.push('second')
    await worker.close()
    expect(await worker.request({ op: 'told' })).toEqual({ told: ['first', 'second'] })
  }, 20_000)

  it('close() ends the worker and fails what waited on it', async () => {
    const { client: worker } = client()
    const waiting = expect(worker.request({ op: 'echo', value: 'never', afterMs: 60_000 })).rejects.toMatchObject({ why: 'was closed' })
    await worker.close()
    await waiting
    expect(worker.running).toBe(false)
    await worker.close()
  }, 20_000)

  it('a worker that cannot start fails the request that wanted it', async () => {
    const worker = new WorkerClient<EchoRequest, EchoReply>({
      start: () => {
        throw new Error('no threads left')
      },
    })
    await expect(worker.request({ op: 'echo', value: 1 })).rejects.toMatchObject({
      why: 'could not start (no threads left)',
    })
  })
})

describe('movable memory', () => {
  it('is the view’s own buffer when it covers all of it, else a copy of the view', () => {
    const whole = Uint8Array.of(1, 2, 3)
    expect(movable(whole)).toBe(whole.buffer)
    const slice = Buffer.from('abcdef').subarray(1, 3)
    const moved = movable(slice)
    expect(moved).not.toBe(slice.buffer)
    expect(Buffer.from(moved).toString()).toBe('bc')
  })
})
