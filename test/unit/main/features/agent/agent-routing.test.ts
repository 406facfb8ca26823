import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HistoryItemView } from '@shared/channels/outbox'
import type { OutboxItemView } from '@shared/story/records'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openConfStore } from '../../../../../src-main/adapters/conf-store'
import { noKeyring } from '../../../../../src-main/account/accounts/secret-box'
import { type AppCore, createAppCore } from '../../../../../src-main/app/app-core'
import { type Emulator, startEmulator } from '../../../../../src-main/emulator'
import { downloadsFolder } from '../../../../../src-main/features/export'
import { EventHub } from '../../../../../src-main/platform/events'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { type InProcessAgent, startInProcessAgent } from '../../../../support/agent-server'
import { callCore } from '../../../../support/app-core'
import { TEST_IDENTITY } from '../../../../support/handlers'

let root = ''
let server: Emulator
let agentCore: AppCore
let agent: InProcessAgent
/** The agent's address is cut off from the desktop while set: it stopped answering. */
let agentDown = false
const cores: AppCore[] = []

const deskFetch: typeof fetch = async (input, init) => {
  if (agentDown && String(input).startsWith(agent.server.url)) throw new TypeError('fetch failed')
  return fetch(input, init)
}

async function core(dir: string, fetchFn: typeof fetch = globalThis.fetch): Promise<AppCore> {
  await mkdir(dir, { recursive: true })
  const started = await createAppCore({
    identity: TEST_IDENTITY,
    dataDir: dir,
    fetch: fetchFn,
    log: silentLogger,
    events: new EventHub(),
    secretBox: noKeyring('test'),
    openStore: openConfStore,
    dialogs: downloadsFolder(join(dir, 'exports')),
    clipboard: null,
    openDialog: null,
    logs: { folder: null, scoped: () => silentLogger },
  })
  await started.start({ groupsSync: false })
  cores.push(started)
  return started
}

async function stop(one: AppCore): Promise<void> {
  cores.splice(cores.indexOf(one), 1)
  await one.dispose()
}

beforeEach(async () => {
  agentDown = false
  root = await mkdtemp(join(tmpdir(), 'statusdesk-agent-routing-'))
  server = await startEmulator({ groups: 2, seed: 7, token: 'token-hosted-0123456789' })
  agentCore = await core(join(root, 'agent-data'))
  agent = await startInProcessAgent(join(root, 'agent'), agentCore.handlers, agentCore.events)
}, 60_000)
afterEach(async () => {
  for (const one of cores.splice(0)) await one.dispose()
  await agent.close()
  await server.stop()
  await rm(root, { recursive: true, force: true })
})

const soon = () => new Date(Date.now() + 3 * 3600_000).toISOString().replace(/\.\d+Z$/, '.000Z')

/** A desktop paired with the agent, with the emulator's account handed over: the story planned on the agent. */
async function hostedDesk(dir = join(root, 'desk')) {
  const desk = await core(dir, deskFetch)
  await desk.agent.link.pair({ url: agent.server.url, code: agent.code(), deviceName: 'Desk', storage: 'weak' })
  const connect = { baseUrl: server.baseUrl, token: server.token, storage: 'weak' }
  const agentAccountId = ((await desk.agent.link.invoke('accounts:connect', connect)) as { id: string }).id
  const accountId = (await callCore<{ id: string }>(desk, 'accounts:connect', connect)).id
  await desk.agent.hosted.add({
    accountId,
    agentAccountId,
    handoverId: randomUUID(),
    agentUrl: agent.server.url,
    since: new Date().toISOString(),
  })
  await callCore(agentCore, 'stories:publish', {
    requestId: `plan-${randomUUID().slice(0, 8)}`,
    draft: { text: { body: 'Planned on the agent' } },
    accountIds: [agentAccountId],
    when: { at: soon() },
  })
  const [item] = await onAgent(agentAccountId)
  return { desk, dir, accountId, agentAccountId, item: item! }
}

const onAgent = async (agentAccountId: string) =>
  (await callCore<OutboxItemView[]>(agentCore, 'stories:outbox-list')).filter((item) => item.accountId === agentAccountId)
const deskList = (desk: AppCore) => callCore<OutboxItemView[]>(desk, 'stories:outbox-list')

describe("the desktop's view of an account hosted on the agent", () => {
  it("shows the agent's items in its own ids, labelled, and sends edits there", async () => {
    const { desk, accountId, agentAccountId, item } = await hostedDesk()
    const shown = await deskList(desk)
    expect(shown).toHaveLength(1)
    expect(shown[0]).toMatchObject({ id: item.id, accountId, where: 'agent', rev: item.rev })
    expect(shown[0]!.stale).toBeUndefined()
    const edited = await callCore<OutboxItemView>(desk, 'stories:schedule-edit', {
      accountId,
      id: item.id,
      caption: 'Edited here',
      rev: item.rev,
    })
    expect(edited).toMatchObject({ accountId, where: 'agent' })
    const [there] = await onAgent(agentAccountId)
    expect(there!.rev).toBeGreaterThan(item.rev)
    expect(JSON.stringify(there!.summary)).toContain('Edited here')
  }, 60_000)

  it('serves the last state, stale and dated, while the agent does not answer', async () => {
    const { desk, accountId, item } = await hostedDesk()
    const fresh = await deskList(desk)
    const scope = { accountId, timeZone: 'Europe/Berlin', weeks: 4 }
    const overview = await callCore<Record<string, unknown>>(desk, 'insights:overview', scope)
    expect(overview['stale']).toBeUndefined()
    agentDown = true
    // The insights the agent gave last, saying themselves that they are the last state, and as of when.
    expect(await callCore(desk, 'insights:overview', scope)).toEqual({ ...overview, asOf: expect.any(String), stale: true })
    const shown = await deskList(desk)
    expect(shown).toEqual([{ ...fresh[0], asOf: fresh[0]!.asOf, stale: true }])
    expect(Date.parse(shown[0]!.asOf!)).toBeLessThanOrEqual(Date.now())
    const history = await callCore<HistoryItemView[]>(desk, 'stories:history-list')
    expect(history.every((entry) => entry.accountId !== accountId || entry.stale)).toBe(true)
    expect(item.id).toBe(shown[0]!.id)
  }, 60_000)

  it('keeps an edit made offline on disk, across a restart, and sends it when the agent answers', async () => {
    const { desk, dir, accountId, agentAccountId, item } = await hostedDesk()
    await deskList(desk)
    agentDown = true
    const waiting = await callCore<OutboxItemView>(desk, 'stories:schedule-edit', { accountId, id: item.id, caption: 'Made offline' })
    expect(waiting).toMatchObject({ id: item.id, waiting: true, stale: true, where: 'agent' })
    const onDisk = JSON.parse(await readFile(join(dir, 'agent-commands.json'), 'utf8')) as { commands: Array<{ arg: { rev: number } }> }
    expect(onDisk.commands).toHaveLength(1)
    expect(onDisk.commands[0]!.arg.rev).toBe(item.rev)
    expect((await onAgent(agentAccountId))[0]!.rev).toBe(item.rev)
    // The desktop closes and opens again; the agent is back.
    await stop(desk)
    agentDown = false
    const again = await core(dir, deskFetch)
    await again.agent.routing.flush()
    const [there] = await onAgent(agentAccountId)
    expect(JSON.stringify(there!.summary)).toContain('Made offline')
    expect(await again.agent.routing.waiting()).toBe(0)
  }, 60_000)

  it('refuses, in words, an offline edit of a story that changed meanwhile, and applies nothing', async () => {
    const { desk, accountId, agentAccountId, item } = await hostedDesk()
    const notices: unknown[] = []
    desk.events.subscribe((name, payload) => name === 'app:notice' && notices.push(payload))
    await deskList(desk)
    agentDown = true
    await callCore(desk, 'stories:schedule-edit', { accountId, id: item.id, caption: 'Stale edit', rev: item.rev })
    // Meanwhile the story changes on the agent.
    await callCore(agentCore, 'stories:schedule-edit', { accountId: agentAccountId, id: item.id, caption: 'Changed there' })
    agentDown = false
    await desk.agent.routing.flush()
    const [there] = await onAgent(agentAccountId)
    expect(JSON.stringify(there!.summary)).toContain('Changed there')
    expect(JSON.stringify(there!.summary)).not.toContain('Stale edit')
    expect(notices).toContainEqual(
      expect.objectContaining({ level: 'warning', text: expect.objectContaining({ key: 'errors.agentRouting.editRefused' }) }),
    )
    expect(await desk.agent.routing.waiting()).toBe(0)
  }, 60_000)

  it("re-emits the agent's outbox changes of the hosted account in the desktop's ids", async () => {
    const { desk, accountId, agentAccountId, item } = await hostedDesk()
    const seen: Array<{ accountId: string; items: OutboxItemView[] }> = []
    desk.events.subscribe((name, payload) => name === 'stories:outbox-changed' && seen.push(payload as never))
    await expect.poll(async () => (await desk.agent.link.status()).reachable, { timeout: 5_000 }).toBe(true)
    // Let the stream open (it opens at once once an account is hosted).
    await new Promise((resolve) => setTimeout(resolve, 500))
    await callCore(agentCore, 'stories:schedule-edit', { accountId: agentAccountId, id: item.id, caption: 'Seen live' })
    // The event of this edit (the stream may still be telling of the story's planning before it).
    const ofEdit = (one: { accountId: string; items: OutboxItemView[] }) =>
      one.accountId === accountId && JSON.stringify(one.items).includes('Seen live')
    await expect.poll(() => seen.some(ofEdit), { timeout: 10_000 }).toBe(true)
    const event = seen.find(ofEdit)!
    expect(event.items[0]).toMatchObject({ accountId, where: 'agent' })
    // What the event told is the last state shown once the agent stops answering.
    agentDown = true
    const shown = await deskList(desk)
    expect(shown[0]).toMatchObject({ id: item.id, stale: true })
    expect(JSON.stringify(shown[0]!.summary)).toContain('Seen live')
  }, 60_000)
})

describe('an offline cancel of a story the agent sent meanwhile', () => {
  it('is refused in words, and the desktop then shows what the agent published', async () => {
    const { desk, accountId, agentAccountId, item } = await hostedDesk()
    const notices: unknown[] = []
    desk.events.subscribe((name, payload) => name === 'app:notice' && notices.push(payload))
    await deskList(desk)
    agentDown = true
    const shown = await callCore<OutboxItemView[]>(desk, 'stories:outbox-act', { accountId, id: item.id, action: 'discard' })
    expect(shown.find((one) => one.id === item.id)).toMatchObject({ waiting: true, stale: true })
    // Meanwhile the agent publishes it.
    await callCore(agentCore, 'stories:outbox-act', { accountId: agentAccountId, id: item.id, action: 'send-now' })
    await expect.poll(async () => (await onAgent(agentAccountId)).length, { timeout: 15_000 }).toBe(0)
    agentDown = false
    await desk.agent.routing.flush()
    expect(notices).toContainEqual(
      expect.objectContaining({ level: 'warning', text: expect.objectContaining({ key: 'errors.agentRouting.editRefused' }) }),
    )
    const history = await callCore<HistoryItemView[]>(desk, 'stories:history-list')
    expect(history).toContainEqual(expect.objectContaining({ accountId, where: 'agent' }))
    expect(await deskList(desk)).toEqual([])
  }, 60_000)
})
