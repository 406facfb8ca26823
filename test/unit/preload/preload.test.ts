import { beforeAll, describe, expect, it, vi } from 'vitest'

const exposed: Record<string, unknown> = {}
const invoke = vi.fn(async (..._args: unknown[]) => ({ ok: true, value: 'pong' }))
const listeners = new Set<(...args: unknown[]) => void>()

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
  ipcRenderer: {
    invoke: (...args: unknown[]) => invoke(...args),
    on: (_channel: string, listener: (...args: unknown[]) => void) => listeners.add(listener),
    removeListener: (_channel: string, listener: (...args: unknown[]) => void) => listeners.delete(listener),
    send: () => {},
  },
}))

const { CHANNEL_NAMES } = await import('@shared/channels/contract')

beforeAll(async () => {
  await import('../../../src-preload/index')
})

type ExposedApi = Record<string, (...args: unknown[]) => unknown>
const api = () => exposed['api'] as ExposedApi

describe('preload bridge', () => {
  it('exposes only window.api, with one function per channel plus on()', () => {
    expect(Object.keys(exposed)).toEqual(['api'])
    expect(Object.keys(api()).sort()).toEqual([...CHANNEL_NAMES, 'on'].sort())
    expect(Object.isFrozen(api())).toBe(true)
    for (const value of Object.values(api())) expect(typeof value).toBe('function')
  })

  it('exposes nothing generic: no ipcRenderer, send, invoke or process', () => {
    for (const key of ['ipcRenderer', 'send', 'invoke', 'process', 'env', 'require']) {
      expect(api()).not.toHaveProperty(key)
    }
  })

  it('sends each call on its own channel', async () => {
    await expect(api()['app:info']!()).resolves.toEqual({ ok: true, value: 'pong' })
    expect(invoke).toHaveBeenLastCalledWith('app:info', undefined)
  })

  it('delivers only the subscribed event and unsubscribes', () => {
    const seen: unknown[] = []
    const off = api()['on']!('app:notice', (payload: unknown) => seen.push(payload)) as () => void
    for (const listener of listeners) {
      listener({}, 'app:notice', { level: 'info', message: 'a' })
      listener({}, 'other:event', { nope: true })
    }
    expect(seen).toEqual([{ level: 'info', message: 'a' }])
    off()
    expect(listeners.size).toBe(0)
  })

  it('refuses events that are not in the contract', () => {
    expect(() => api()['on']!('ipc:anything', () => {})).toThrow(TypeError)
  })
})
