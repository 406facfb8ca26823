import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FileDecl } from '../../../../../src-main/account/files/file-registry'
import { AccountWorkspace } from '../../../../../src-main/account/workspace/account-workspace'
import { Workspaces } from '../../../../../src-main/account/workspace/workspaces'
import { QueueService } from '../../../../../src-main/features/queue/queue-service'
import { HistoryStore } from '../../../../../src-main/features/stories/history/history-store'
import { Outbox, type AttemptOutcome, type OutboxTimers } from '../../../../../src-main/features/stories/outbox/outbox'
import { Connectivity } from '../../../../../src-main/platform/net/connectivity'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { accountFile } from '../../../../support/declared-files'
import { recordingClient } from '../stories/outbox/outbox-harness'

/** A wall clock the test moves, and timers that fire only when told. */
export function testClock(start: number) {
  let now = start
  const pending: (() => void)[] = []
  const timers: OutboxTimers = {
    now: () => now,
    setTimeout: (callback) => {
      pending.push(callback)
      return callback
    },
    clearTimeout: (handle) => {
      const at = pending.indexOf(handle as () => void)
      if (at >= 0) pending.splice(at, 1)
    },
  }
  return {
    timers,
    now: () => now,
    set: (at: number) => (now = at),
    /** Fires what is armed, as the timers would once their time came. */
    fire: () => {
      for (const callback of pending.splice(0)) callback()
    },
  }
}

export type TestClock = ReturnType<typeof testClock>

/**
 * One account as the app keeps it, for the queue: its workspace (the queue's file), its real
 * outbox sending to the emulator on the test's clock, and the queue service over both.
 */
export async function openQueue(server: { baseUrl: string; token: string }, clock: TestClock, options: { dir?: string } = {}) {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'statusdesk-queue-')))
  const setAside: FileDecl[] = []
  const workspaces = new Workspaces(
    (id) =>
      new AccountWorkspace({
        id,
        dir,
        log: silentLogger,
        label: () => 'Corner shop',
        openSession: async () => null,
        onSetAside: (_workspace, decl) => setAside.push(decl),
      }),
    silentLogger,
  )
  const workspace = workspaces.open('acc1')
  await workspace.ready()
  const outcomes: AttemptOutcome[] = []
  const outbox = new Outbox({
    accountId: 'acc1',
    accountDir: dir,
    publisher: recordingClient(server.baseUrl, server.token),
    connectivity: new Connectivity(),
    history: new HistoryStore(accountFile(dir, 'history')),
    timers: clock.timers,
    retry: { firstMs: 60 * 60_000, maxMs: 60 * 60_000 },
    lateSendMinutes: () => 0,
    onOutcome: (outcome) => outcomes.push(outcome),
  })
  await outbox.open()
  const changed: string[] = []
  const queue = new QueueService({
    workspaces,
    labelOf: () => 'Corner shop',
    log: silentLogger,
    now: clock.now,
    systemZone: () => 'Europe/Berlin',
    onChange: (accountId) => changed.push(accountId),
    outbox: {
      items: async () => outbox.list(),
      replan: async (_accountId, itemId, dueAt, uniqueDue, rev) => {
        await outbox.editScheduled(itemId, { dueAt: new Date(dueAt).toISOString(), uniqueDue, ...(rev !== undefined && { rev }) })
      },
    },
  })
  return {
    dir,
    workspace,
    workspaces,
    outbox,
    queue,
    outcomes,
    changed,
    setAside,
    async close(): Promise<void> {
      outbox.close()
      await outbox.idle()
      await workspaces.closeAll()
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  }
}
