import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { WEB_SECRET_HEADER } from '../../src-shared/web-transport'
import type { OutboxItemView } from '../../src-shared/story/records'
import { type Emulator, startEmulator } from '../../src-main/emulator'
import { type AgentProcess, startAgentProcess } from '../support/agent-process'
import { startWebApp, type WebApp } from './support/web-app'

/**
 * A hand-over with its desktop killed (`kill -9`, no goodbye) while the stories move: real
 * processes, the desktop in web mode from the build, the agent from the sources. Started again
 * on the same folder, the desktop finishes the hand-over, and the server receives each story
 * exactly once, from the agent.
 */
const STORIES = 150

let root = ''
let emulator: Emulator
let agent: AgentProcess
const apps: WebApp[] = []

test.beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-e2e-handover-kill-'))
  emulator = await startEmulator({ groups: 2 })
  agent = await startAgentProcess(join(root, 'agent'), { STATUSDESK_AGENT_KEY: randomBytes(32).toString('base64') })
})
test.afterAll(async () => {
  for (const app of apps) await app.stop().catch(() => undefined)
  await agent?.stop()
  await emulator?.stop()
  await rm(root, { recursive: true, force: true })
})

/** A channel of the desktop's engine, as its page calls it (web mode's secret and origin). */
async function call<T = unknown>(app: WebApp, channel: string, arg?: unknown): Promise<T> {
  const response = await fetch(`${app.origin}/api/invoke/${encodeURIComponent(channel)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.origin, [WEB_SECRET_HEADER]: app.secret },
    body: JSON.stringify({ arg }),
  })
  const body = (await response.json()) as { ok: boolean; value?: T; error?: { code: string; text: { key: string } } }
  if (!body.ok) throw new Error(`${channel}: ${body.error?.code} ${body.error?.text.key}`)
  return body.value as T
}

test('a desktop killed mid-hand-over finishes it when started again, and each story goes once, from the agent', async () => {
  test.setTimeout(240_000)
  const dataDir = join(root, 'desk')
  const desk = await startWebApp({ dataDir })
  apps.push(desk)
  await call(desk, 'agent:pair', { url: agent.url, code: agent.pairingCode(), deviceName: 'Front desk', storage: 'weak' })
  const account = await call<{ id: string }>(desk, 'accounts:connect', {
    baseUrl: emulator.baseUrl,
    token: emulator.token,
    storage: 'weak',
  })
  const due = new Date(Date.now() + 75_000).toISOString()
  const captions = Array.from({ length: STORIES }, (_, n) => `killed-${n}`)
  for (const caption of captions)
    await call(desk, 'stories:publish', {
      requestId: `${caption}-${randomBytes(4).toString('hex')}`,
      draft: { text: { body: caption } },
      accountIds: [account.id],
      when: { at: due },
    })

  // The test's own device on the agent, to watch the stories arrive there.
  const paired = JSON.parse((await agent.request('/pair', { body: { code: agent.pairingCode(), deviceName: 'Watcher' } })).body) as {
    value: { token: string }
  }
  const onAgent = async () => (await agent.call<OutboxItemView[]>(paired.value.token, 'stories:outbox-list')).length

  // The hand-over starts; the desktop is killed as soon as the agent holds its first story.
  const handing = call(desk, 'agent:hand-over', { accountId: account.id }).catch(() => 'cut')
  let taken = 0
  for (let tries = 0; tries < 3_000 && taken === 0; tries++) {
    taken = await onAgent()
    if (taken === 0) await new Promise((resolve) => setTimeout(resolve, 10))
  }
  process.kill(desk.pid!, 'SIGKILL')
  apps.splice(apps.indexOf(desk), 1)
  expect(await handing).toBe('cut')
  expect(taken, 'the agent held a story when the desktop was killed').toBeGreaterThan(0)
  const journal = JSON.parse(await readFile(join(dataDir, 'handovers.json'), 'utf8')) as { entries: unknown[] }
  console.log(`killed with ${taken} of ${STORIES} stories on the agent; hand-overs open: ${journal.entries.length}`)

  // Started again on the same folder: the hand-over finishes, and the desktop holds no copy that could go.
  const again = await startWebApp({ dataDir })
  apps.push(again)
  await expect.poll(() => onAgent(), { timeout: 30_000, intervals: [250] }).toBe(STORIES)
  const placeOf = async () =>
    (await call<Array<{ accountId: string; where: string; pending: string | null }>>(again, 'agent:accounts')).find(
      (entry) => entry.accountId === account.id,
    )
  await expect.poll(placeOf, { timeout: 30_000, intervals: [250] }).toMatchObject({ where: 'agent', pending: null })
  const shown = await call<OutboxItemView[]>(again, 'stories:outbox-list')
  expect(shown.filter((item) => item.accountId === account.id && item.where !== 'agent')).toEqual([])
  expect(JSON.parse(await readFile(join(dataDir, 'handovers.json'), 'utf8'))).toMatchObject({ entries: [] })

  // At their time, the server receives each story once.
  const count = () => {
    const seen = new Map<string, number>()
    for (const story of emulator.control.stories.list()) seen.set(story.caption ?? '', (seen.get(story.caption ?? '') ?? 0) + 1)
    return captions.map((caption) => seen.get(caption) ?? 0)
  }
  await expect.poll(() => count().every((n) => n >= 1), { timeout: Date.parse(due) - Date.now() + 90_000, intervals: [1000] }).toBe(true)
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  expect(count().filter((n) => n !== 1)).toEqual([])
})
