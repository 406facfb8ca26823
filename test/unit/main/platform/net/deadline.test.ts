import { afterEach, describe, expect, it, vi } from 'vitest'
import { deadline } from '../../../../../src-main/platform/net/deadline'

afterEach(() => {
  vi.useRealTimers()
})

describe('deadline', () => {
  it('aborts with a TimeoutError once its time has passed', () => {
    vi.useFakeTimers()
    const time = deadline(1_000)
    vi.advanceTimersByTime(999)
    expect(time.signal.aborted).toBe(false)
    vi.advanceTimersByTime(1)
    expect(time.signal.aborted).toBe(true)
    expect((time.signal.reason as DOMException).name).toBe('TimeoutError')
  })

  it('aborts with the outer reason when the outer signal aborts, before or after', () => {
    const outer = new AbortController()
    const time = deadline(60_000, outer.signal)
    outer.abort(new Error('cancelled'))
    expect(time.signal.aborted).toBe(true)
    expect((time.signal.reason as Error).message).toBe('cancelled')
    time.clear()

    const late = deadline(60_000, outer.signal)
    expect(late.signal.aborted).toBe(true)
    late.clear()
  })

  it('once cleared, neither its time nor the outer signal aborts it, and it holds no listener', () => {
    vi.useFakeTimers()
    const outer = new AbortController()
    const added = vi.spyOn(outer.signal, 'addEventListener')
    const removed = vi.spyOn(outer.signal, 'removeEventListener')
    const time = deadline(1_000, outer.signal)
    time.clear()
    expect(removed.mock.calls[0]?.[1]).toBe(added.mock.calls[0]?.[1])
    vi.advanceTimersByTime(5_000)
    outer.abort()
    expect(time.signal.aborted).toBe(false)
    expect(vi.getTimerCount()).toBe(0)
  })
})
