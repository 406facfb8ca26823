import { describe, expect, it } from 'vitest'
import { CODE_ALPHABET, CODE_LIFETIME_MS, CODE_TRIES, PairingCodes } from '../../../../src-main/agent/pairing'

interface Printed {
  code: string
  expiresAt: string
  tries: number
}

/** Pairing codes on a clock the test moves, with the minute's timer run by hand. */
function codes() {
  let now = Date.parse('2026-03-01T10:00:00Z')
  const printed: Printed[] = []
  let tick = () => {}
  const pairing = new PairingCodes({
    onCode: (code) => printed.push(code),
    now: () => now,
    every: (_ms, run) => {
      tick = run
      return () => (tick = () => {})
    },
  })
  pairing.start()
  return {
    pairing,
    printed,
    latest: () => printed[printed.length - 1]!.code,
    advance: (ms: number) => {
      now += ms
      tick()
    },
  }
}

const wrongFor = (code: string) => (code.startsWith('A') ? 'BBBB-BBBB' : 'AAAA-AAAA')

describe("the agent's pairing code", () => {
  it('is printed at start: 8 characters of an alphabet without look-alikes, valid ten minutes and five tries', () => {
    const { printed } = codes()
    expect(printed).toHaveLength(1)
    const [first] = printed
    expect(first!.code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{4}-[${CODE_ALPHABET}]{4}$`))
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/)
    expect(first!.tries).toBe(5)
    expect(Date.parse(first!.expiresAt) - Date.parse('2026-03-01T10:00:00Z')).toBe(10 * 60_000)
  })

  it('works once, typed in any case, with or without its dash; a new one is printed for the next device', () => {
    const { pairing, printed, latest } = codes()
    const code = latest()
    expect(pairing.attempt(` ${code.toLowerCase().replace('-', '')} `)).toEqual({ ok: true })
    expect(printed).toHaveLength(2)
    expect(pairing.attempt(code)).toMatchObject({ ok: false })
  })

  it('counts each wrong code as a try, and is dead after five: a new code is printed and the old one no longer works', () => {
    const { pairing, printed, latest } = codes()
    const code = latest()
    for (let left = CODE_TRIES - 1; left > 0; left--)
      expect(pairing.attempt(wrongFor(code))).toEqual({ ok: false, reason: 'wrong', triesLeft: left })
    expect(pairing.attempt(wrongFor(code))).toEqual({ ok: false, reason: 'no-code' })
    expect(printed).toHaveLength(2)
    expect(latest()).not.toBe(code)
    expect(pairing.attempt(code)).toMatchObject({ ok: false })
    // The new code has its own five tries.
    expect(pairing.attempt(latest())).toEqual({ ok: true })
  })

  it('expires after ten minutes: the old code is refused without costing the new one a try, and a new one is printed', () => {
    const { pairing, printed, latest, advance } = codes()
    const code = latest()
    advance(CODE_LIFETIME_MS - 1)
    expect(printed).toHaveLength(1)
    advance(1)
    // The minute's look printed a new code at once.
    expect(printed).toHaveLength(2)
    expect(pairing.attempt(code)).toMatchObject({ ok: false })
    expect(pairing.attempt(latest())).toEqual({ ok: true })
  })

  it('refuses a code that expired before any look replaced it, and prints the next', () => {
    let now = 0
    const printed: Printed[] = []
    const pairing = new PairingCodes({ onCode: (code) => printed.push(code), now: () => now, every: () => () => {} })
    pairing.start()
    now += CODE_LIFETIME_MS
    expect(pairing.attempt(printed[0]!.code)).toEqual({ ok: false, reason: 'no-code' })
    expect(printed).toHaveLength(2)
    expect(pairing.attempt(wrongFor(printed[1]!.code))).toEqual({ ok: false, reason: 'wrong', triesLeft: 4 })
  })

  it('has no code before it starts', () => {
    expect(new PairingCodes({ onCode: () => {} }).attempt('AAAA-AAAA')).toEqual({ ok: false, reason: 'no-code' })
  })
})
