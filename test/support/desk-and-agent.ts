import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import type { AccountSummary } from '@shared/channels/accounts'
import type { PublishResult } from '@shared/channels/outbox'
import { MAX_AUDIENCES } from '@shared/story/library'
import type { OutboxItemView } from '@shared/story/records'
import { servedToDevices } from '../../src-main/agent/guard'
import type { AgentMediaIntake } from '../../src-main/agent/server'
import { operatorKeyBox } from '../../src-main/agent/key-box'
import type { AppCore } from '../../src-main/app/app-core'
import { type Emulator, type EmulatorOptions, startEmulator } from '../../src-main/emulator'
import type { Handlers } from '../../src-main/handlers/dispatch'
import { type InProcessAgent, startInProcessAgent } from './agent-server'
import { callCore, startTestCore } from './app-core'

/**
 * What a file of desk-and-agent tests sets up: an emulator and a temp folder for the file, and
 * what each test started (pushed onto `running`) stopped after it, newest first. Call it at
 * the top of a file or of a `describe`.
 */
export function deskAndAgentHooks(prefix: string, emulatorOptions: EmulatorOptions = { groups: 2 }) {
  const state = { emulator: null as Emulator | null, root: '', folders: 0 }
  const running: Array<{ close(): Promise<void> }> = []
  beforeAll(async () => {
    state.emulator = await startEmulator(emulatorOptions)
    state.root = await mkdtemp(join(tmpdir(), prefix))
  })
  afterEach(async () => {
    for (const item of running.splice(0).reverse()) await item.close()
  })
  afterAll(async () => {
    await state.emulator?.stop()
    await rm(state.root, { recursive: true, force: true })
  })
  return {
    emulator: (): Emulator => state.emulator!,
    root: (): string => state.root,
    running,
    /** A folder of its own for one test, under the file's. */
    fresh: (): string => join(state.root, `run-${state.folders++}`),
  }
}

/** A desktop engine paired with an agent engine, over the agent's real HTTP API. */
export interface DeskAndAgent {
  /** The desktop's data folder, and its place among what the test stops at its end. */
  deskDir: string
  deskRun: { close(): Promise<void> }
  desk: AppCore
  agentCore: AppCore
  /** The handlers the agent serves, as it serves them: a test may cut one. */
  served: Handlers
  agent: InProcessAgent
  accountId: string
  agentOutbox: () => Promise<OutboxItemView[]>
  deskOutbox: () => Promise<OutboxItemView[]>
  /** What the desktop's own store holds for the account (its view also shows the agent's items). */
  deskLocal: () => Promise<unknown[]>
}

/**
 * A desktop paired with an agent (an engine of its own, served as the agent serves it, its media
 * uploads too, through `media` when given), with one account on the emulator; what it starts is
 * pushed onto `running`.
 */
export async function pairDeskWithAgent(
  dir: string,
  emulator: Emulator,
  running: Array<{ close(): Promise<void> }>,
  options: { media?: (intake: AgentMediaIntake) => AgentMediaIntake; personName?: string } = {},
): Promise<DeskAndAgent> {
  for (const part of ['agent', 'agent-api', 'desk']) await mkdir(join(dir, part), { recursive: true })
  const agentCore = await startTestCore(join(dir, 'agent'), operatorKeyBox(randomBytes(32)))
  running.push({ close: () => agentCore.dispose() })
  const served = servedToDevices(agentCore.handlers)
  const agent = await startInProcessAgent(join(dir, 'agent-api'), served, agentCore.events, {
    media: options.media ? options.media(agentCore.stories.media) : agentCore.stories.media,
  })
  running.push(agent)
  const { desk, deskRun, accountId } = await addDesk(join(dir, 'desk'), agent, emulator, running, 'Front desk', {
    ...(options.personName !== undefined && { personName: options.personName }),
  })
  const agentOutbox = () => callCore<OutboxItemView[]>(agentCore, 'stories:outbox-list')
  const deskOutbox = async () =>
    (await callCore<OutboxItemView[]>(desk, 'stories:outbox-list')).filter((item) => item.accountId === accountId)
  return {
    deskDir: join(dir, 'desk'),
    deskRun,
    desk,
    agentCore,
    served,
    agent,
    accountId,
    agentOutbox,
    deskOutbox,
    deskLocal: () => desk.store.list(accountId),
  }
}

/**
 * A desktop of its own in `dir`, paired with `agent` as `deviceName` (with the code the agent
 * printed last), and connected to the emulator's account unless `connect` is false; what it
 * starts is pushed onto `running`.
 */
export async function addDesk(
  dir: string,
  agent: InProcessAgent,
  emulator: Emulator,
  running: Array<{ close(): Promise<void> }>,
  deviceName: string,
  options: { connect?: boolean; personName?: string } = {},
): Promise<{ desk: AppCore; deskRun: { close(): Promise<void> }; accountId: string }> {
  await mkdir(dir, { recursive: true })
  const desk = await startTestCore(dir)
  const deskRun = { close: () => desk.dispose() }
  running.push(deskRun)
  const person = options.personName !== undefined && { personName: options.personName }
  await callCore(desk, 'agent:pair', { url: agent.server.url, code: agent.code(), deviceName, ...person, storage: 'weak' })
  // A desktop without the account's token: it has no account of its own (`accountId` is empty).
  if (options.connect === false) return { desk, deskRun, accountId: '' }
  const account = await callCore<AccountSummary>(desk, 'accounts:connect', {
    baseUrl: emulator.baseUrl,
    token: emulator.token,
    storage: 'weak',
  })
  return { desk, deskRun, accountId: account.id }
}

/** Plans a text story for `at` and expects it scheduled. */
export async function planStory(core: AppCore, accountId: string, caption: string, at: number): Promise<void> {
  const result = await callCore<PublishResult>(core, 'stories:publish', {
    requestId: `${caption}-${randomBytes(4).toString('hex')}`,
    draft: { text: { body: caption } },
    accountIds: [accountId],
    when: { at: new Date(at).toISOString() },
  })
  expect(result.targets.map((target) => target.outcome.state)).toEqual(['scheduled'])
}

/** Fills the agent's library of saved audiences to the most it holds: a hand-over finds no room there. */
export async function fillAgentLibrary(agentCore: AppCore): Promise<void> {
  await agentCore.stories.audiences.merge((items) => ({
    items: [
      ...items,
      ...Array.from({ length: MAX_AUDIENCES }, (_, n) => ({
        id: `full-${n}`,
        name: `Full ${n}`,
        contacts: [String(4_915_300_000_000 + n)],
        updatedAt: '2026-01-01T00:00:00.000Z',
      })),
    ],
    taken: null,
  }))
}
