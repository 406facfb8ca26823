import type { EventEmitter } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Logger } from '../../../../src-main/platform/log/log'

/** Electron's app as quitting sees it: quit() emits before-quit, and the app ends unless a listener prevented it. */
interface FakeApp extends EventEmitter {
  ended: number
  quit(): void
}

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events')
  const app = Object.assign(new EventEmitter(), {
    ended: 0,
    quit(this: FakeApp) {
      let prevented = false
      this.emit('before-quit', { preventDefault: () => (prevented = true) })
      if (!prevented) this.ended++
    },
  })
  app.quit = app.quit.bind(app)
  return { app }
})

const { app } = (await import('electron')) as unknown as { app: FakeApp }
const { quitAfterEngineStops, QUIT_WAIT_MS } = await import('../../../../src-main/app/quit')

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

function steps(options: { mayQuit?: () => boolean; dispose?: () => Promise<void> } = {}) {
  const said: { level: string; message: string }[] = []
  const log: Logger = {
    debug: () => {},
    info: () => {},
    warn: (message) => void said.push({ level: 'warn', message }),
    error: (message) => void said.push({ level: 'error', message }),
  }
  const calls: string[] = []
  return {
    said,
    calls,
    steps: {
      mayQuit: vi.fn(options.mayQuit ?? (() => true)),
      leaving: vi.fn(() => void calls.push('leaving')),
      dispose: vi.fn(() => {
        calls.push('dispose')
        return options.dispose?.() ?? Promise.resolve()
      }),
      log,
    },
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve))

beforeEach(() => {
  app.removeAllListeners()
  app.ended = 0
})
afterEach(() => {
  vi.useRealTimers()
})

describe('quitting the desktop app', () => {
  it('holds the quit until the engine has stopped, then quits', async () => {
    const engine = deferred()
    const { steps: quit, calls } = steps({ dispose: () => engine.promise })
    quitAfterEngineStops(quit)
    const quitAgain = vi.spyOn(app, 'quit')

    quitAgain.mockClear()
    app.emit('before-quit', { preventDefault: () => calls.push('held') })
    await flush()
    expect(calls).toEqual(['held', 'leaving', 'dispose'])
    expect(app.ended).toBe(0)
    expect(quitAgain).not.toHaveBeenCalled()

    engine.resolve()
    await flush()
    // The quit goes on by itself, and this time nothing holds it.
    expect(quitAgain).toHaveBeenCalledTimes(1)
    expect(app.ended).toBe(1)
    expect(quit.dispose).toHaveBeenCalledTimes(1)
  })

  it('does nothing more for a second quit while the engine is stopping', async () => {
    const engine = deferred()
    const { steps: quit } = steps({ dispose: () => engine.promise })
    quitAfterEngineStops(quit)
    app.quit()
    app.quit()
    app.quit()
    await flush()
    expect(app.ended).toBe(0)
    expect(quit.mayQuit).toHaveBeenCalledTimes(1)
    expect(quit.leaving).toHaveBeenCalledTimes(1)
    expect(quit.dispose).toHaveBeenCalledTimes(1)
    engine.resolve()
    await flush()
    expect(app.ended).toBe(1)
  })

  it('stays when it may not quit now (stories planned and the user said no), and quits when asked again and allowed', async () => {
    let allowed = false
    const { steps: quit } = steps({ mayQuit: () => allowed })
    quitAfterEngineStops(quit)
    app.quit()
    await flush()
    expect(app.ended).toBe(0)
    expect(quit.leaving).not.toHaveBeenCalled()
    expect(quit.dispose).not.toHaveBeenCalled()

    allowed = true
    app.quit()
    await flush()
    expect(app.ended).toBe(1)
    expect(quit.dispose).toHaveBeenCalledTimes(1)
  })

  it('cuts an engine that never stops at the bound, says so, and quits', async () => {
    vi.useFakeTimers()
    const { steps: quit, said } = steps({ dispose: () => new Promise<void>(() => undefined) })
    quitAfterEngineStops(quit)
    app.quit()
    await vi.advanceTimersByTimeAsync(QUIT_WAIT_MS - 1)
    expect(app.ended).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(app.ended).toBe(1)
    expect(said).toEqual([{ level: 'warn', message: 'quit did not wait longer for the engine' }])
    // Quitting again finds the app already on its way: nothing is held or stopped twice.
    app.quit()
    expect(app.ended).toBe(2)
    expect(quit.dispose).toHaveBeenCalledTimes(1)
  })

  it('takes its bound from the caller', async () => {
    vi.useFakeTimers()
    const { steps: quit } = steps({ dispose: () => new Promise<void>(() => undefined) })
    quitAfterEngineStops(quit, 500)
    app.quit()
    await vi.advanceTimersByTimeAsync(499)
    expect(app.ended).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(app.ended).toBe(1)
  })

  it('quits after an engine that fails to stop, logging it, and leaves no timer behind', async () => {
    vi.useFakeTimers()
    const { steps: quit, said } = steps({ dispose: () => Promise.reject(new Error('disk gone')) })
    quitAfterEngineStops(quit)
    app.quit()
    await vi.advanceTimersByTimeAsync(0)
    expect(app.ended).toBe(1)
    expect(said).toEqual([{ level: 'error', message: 'engine not stopped cleanly' }])
    expect(vi.getTimerCount()).toBe(0)
  })
})
