import { beforeEach, describe, expect, it, vi } from 'vitest'

type Listener = (event: unknown, arg: unknown) => Promise<unknown>
const registered = new Map<string, Listener>()

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, listener: Listener) => registered.set(channel, listener),
    removeHandler: (channel: string) => registered.delete(channel),
  },
}))

const { registerIpc, senderCheck, originOf, windowClient } = await import('../../../../src-main/app/ipc')
const { silentLogger } = await import('../../../../src-main/platform/log/log')
const { CHANNEL_NAMES } = await import('@shared/channels/contract')
const { TEST_IDENTITY, failing, testHandlers } = await import('../../../support/handlers')

const OWN_ID = 7
const ORIGIN = 'statusdesk://app'

function fakeEvent(options: { id?: number; url?: string; subframe?: boolean } = {}) {
  const mainFrame = { url: options.url ?? `${ORIGIN}/index.html` }
  const senderFrame = options.subframe ? { url: mainFrame.url } : mainFrame
  return { sender: { id: options.id ?? OWN_ID, mainFrame }, senderFrame }
}

const check = senderCheck(() => OWN_ID, [ORIGIN])

describe('handle() over IPC', () => {
  beforeEach(() => registered.clear())

  it('registers exactly the contract channels and removes them again', () => {
    const dispose = registerIpc(testHandlers(), check, silentLogger)
    expect([...registered.keys()].sort()).toEqual([...CHANNEL_NAMES].sort())
    dispose()
    expect(registered.size).toBe(0)
  })

  it('answers our own window', async () => {
    registerIpc(testHandlers(), check, silentLogger)
    const result = await registered.get('app:info')!(fakeEvent(), undefined)
    expect(result).toEqual({ ok: true, value: { ...TEST_IDENTITY, transport: 'ipc' } })
  })

  it('calls the handler as the window the call came from: each window is its own client', async () => {
    let seen: unknown = null
    registerIpc(
      testHandlers({
        'app:info': (_arg, ctx) => {
          seen = ctx
          return TEST_IDENTITY as never
        },
      }),
      check,
      silentLogger,
    )
    await registered.get('app:info')!(fakeEvent(), undefined)
    expect(seen).toEqual({ transport: 'ipc', client: `window:${OWN_ID}` })
    expect(windowClient(12)).toBe('window:12')
  })

  it.each([
    ['another window', { id: 99 }],
    ['a sub-frame of our window', { subframe: true }],
    ['a foreign origin', { url: 'https://evil.example/index.html' }],
    ['a file:// page', { url: 'file:///tmp/index.html' }],
  ])('refuses %s', async (_label, options) => {
    const handler = vi.fn(failing.appError)
    registerIpc(testHandlers({ 'app:info': handler }), check, silentLogger)
    const result = await registered.get('app:info')!(fakeEvent(options), undefined)
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(handler).not.toHaveBeenCalled()
  })

  it('refuses everyone while no window exists', async () => {
    registerIpc(
      testHandlers(),
      senderCheck(() => undefined, [ORIGIN]),
      silentLogger,
    )
    const result = await registered.get('app:info')!(fakeEvent(), undefined)
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } })
  })

  it('gives a validation error for a bad argument and maps thrown errors', async () => {
    registerIpc(testHandlers({ 'app:info': failing.leaky }), check, silentLogger)
    const bad = await registered.get('app:info')!(fakeEvent(), 42)
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-argument' } })
    const thrown = await registered.get('app:info')!(fakeEvent(), undefined)
    expect(thrown).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(JSON.stringify(thrown)).not.toContain('sk_live_SECRET123')
  })

  it('reads custom-scheme origins that URL.origin reports as "null"', () => {
    expect(originOf('statusdesk://app/index.html#/groups')).toBe('statusdesk://app')
    expect(originOf('http://localhost:5173/')).toBe('http://localhost:5173')
    expect(originOf('not a url')).toBeNull()
  })
})
