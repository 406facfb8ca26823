import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HistoryEntry } from '@shared/story/records'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SamplingClaims } from '../../../../../src-main/account/files/shared-documents'
import { type Emulator, startEmulator } from '../../../../../src-main/emulator'
import { insightsPart } from '../../../../../src-main/features/insights/insights-part'
import { InsightsSampler } from '../../../../../src-main/features/insights/sampler'
import { ApiClient } from '../../../../../src-main/platform/api'
import { silentLogger, type Logger } from '../../../../../src-main/platform/log/log'
import { workspacesWith } from '../../../../support/workspaces'

const MINUTE = 60_000
const T0 = Date.parse('2026-03-02T07:00:00Z')

let emulator: Emulator
let dir: string
const samplers: InsightsSampler[] = []

beforeEach(async () => {
  emulator = await startEmulator({ groups: 2, seed: 4, now: () => T0, viewerEveryMs: 20_000 })
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-sampler-claims-'))
})
afterEach(async () => {
  for (const sampler of samplers.splice(0)) await sampler.dispose()
  await emulator.stop()
  await rm(dir, { recursive: true, force: true })
})

const now = (): number => emulator.control.clock.now()
const sampling = () => emulator.control.requests.list().filter((r) => r.route === 'statuses' || r.route === 'story-list')

/** Claims as another engine on the database would leave them: `answers` says what each hold gets, in turn (the last repeats). */
function claimsAnswering(answers: boolean[]): SamplingClaims & { holds: number; released: string[] } {
  const claims = {
    holds: 0,
    released: [] as string[],
    hold: async () => answers[Math.min(claims.holds++, answers.length - 1)]!,
    release: async (id: string) => {
      claims.released.push(id)
    },
  }
  return claims
}

async function phoneStories(count: number): Promise<void> {
  for (let i = 0; i < count; i++)
    await fetch(`${emulator.baseUrl}/__emulator/phone-story`, {
      method: 'POST',
      body: JSON.stringify({ caption: `From the phone ${i}` }),
      headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json' },
    })
}

function setUp(claims: SamplingClaims, log: Logger = silentLogger) {
  const client = new ApiClient({ baseUrl: emulator.baseUrl, token: emulator.token, fetch: globalThis.fetch, retry: { maxAttempts: 1 } })
  const workspaces = workspacesWith({ id: 'acc1', baseUrl: emulator.baseUrl, isDemo: false, dir, client })
  const changes: string[] = []
  const sampler = new InsightsSampler({
    workspaces,
    part: insightsPart({ log, now, notice: () => {} }),
    history: async () => [] as HistoryEntry[],
    retentionDays: () => 90,
    onChange: (accountId) => changes.push(accountId),
    log,
    now,
    claims,
    renewClaimMs: 0,
  })
  samplers.push(sampler)
  return { sampler, changes }
}

const insightsFiles = async () => readdir(join(dir, 'insights')).catch(() => [] as string[])

describe('the insights sampler under claims shared with other engines', () => {
  it('asks the server nothing about an account another engine holds, and samples it once the claim is its own', async () => {
    await phoneStories(2)
    const claims = claimsAnswering([false, false, true])
    const { sampler, changes } = setUp(claims)
    await sampler.tick()
    emulator.control.clock.advance(MINUTE)
    await sampler.tick()
    expect(sampling()).toEqual([])
    expect(await insightsFiles()).toEqual([])
    expect(changes).toEqual([])

    emulator.control.clock.advance(MINUTE)
    await sampler.tick()
    expect(sampling().length).toBeGreaterThan(0)
    expect(await insightsFiles()).toContain('live.json')
    expect(changes).toEqual(['acc1'])
    // Stopping lets go of it at once, for another engine's next round.
    await sampler.dispose()
    expect(claims.released).toEqual(['acc1'])
  })

  it('stops a round whose claim another engine took meanwhile, writing nothing of what it saw', async () => {
    await phoneStories(3)
    // Held for the first round; taken by another engine when renewed before the second round's first sample.
    const claims = claimsAnswering([true, true, true, false])
    const { sampler, changes } = setUp(claims)
    await sampler.tick()
    expect(sampling().map((r) => r.route)).toEqual(['story-list'])
    const live = () => readFile(join(dir, 'insights', 'live.json'), 'utf8')
    const before = await live()
    expect(changes).toEqual(['acc1'])

    emulator.control.clock.advance(3 * MINUTE)
    emulator.control.requests.clear()
    await sampler.tick()
    expect(sampling()).toEqual([])
    expect(await live()).toBe(before)
    expect(changes).toEqual(['acc1'])
    await sampler.dispose()
    expect(claims.released).toEqual([])
  })

  it('asks the server nothing while the claims cannot be asked for (the database is away), and says so once', async () => {
    await phoneStories(1)
    const warnings: string[] = []
    let away = true
    const claims: SamplingClaims = {
      hold: async () => {
        if (away) throw new Error('connection refused')
        return true
      },
      release: async () => {},
    }
    const { sampler } = setUp(claims, { ...silentLogger, warn: (message) => warnings.push(message) })
    for (let round = 0; round < 3; round++) {
      await sampler.tick()
      emulator.control.clock.advance(MINUTE)
    }
    expect(sampling()).toEqual([])
    expect(warnings).toEqual(['insights: sampling claim hold failed'])
    away = false
    await sampler.tick()
    expect(sampling().length).toBeGreaterThan(0)
  })
})
