import { PgBoss, type Queue } from 'pg-boss'
import { z } from 'zod'
import type { Database, Sql } from '../../../../platform/db/database'
import type { Logger } from '../../../../platform/log/log'
import type { OutboxItem } from '../../../../account/files/formats/outbox-item'
import type { WakeWorker } from './outbox-store'
import { JOBS_SCHEMA } from './pg-schema'

/** The queue of wake-up jobs: one job per plan written, run when the story it was written for is due. */
export const WAKE_QUEUE = 'outbox-wake'

/**
 * The queue's policy and options. The job only wakes an engine: the item's state and claim, not
 * the job, decide what is sent, so every option here errs towards waking again soon rather than
 * towards finishing the job.
 */
export const WAKE_QUEUE_OPTIONS: Omit<Queue, 'name'> = {
  // One wake-up active per account across every engine on the database (the singletonKey is the
  // account), any number waiting: two engines never work one account's outbox at once from the
  // queue, and the account's next wake-up runs as soon as this one ends.
  policy: 'singleton',
  // A wake-up that failed is not repeated: the failure was the engine's, which judges its items
  // again on its own schedule, and a plan written later sends a wake-up of its own.
  retryLimit: 0,
  // The worker proves it is alive every 5 s; a job 10 s (the least pg-boss takes) without a
  // heartbeat is failed at the next monitor pass, so a killed engine frees its account's turn in
  // seconds instead of holding it until the expiry below.
  heartbeatSeconds: 10,
  // The longest a wake-up may run, heartbeat or not: a send of the largest media on a slow line
  // fits well inside. The story's own claim (its lease) is what protects it, not this.
  expireInSeconds: 15 * 60,
  // Finished wake-ups carry nothing worth keeping.
  deleteAfterSeconds: 24 * 60 * 60,
}

/** How often pg-boss's monitor looks for jobs past their heartbeat or expiry (its default is a minute). */
const MONITOR_SECONDS = 15
/** Accounts one engine wakes at once: a long send for one account does not hold up another's. */
const WAKE_CONCURRENCY = 4
/** How often an idle worker asks for due wake-ups: the most a story due now waits past its instant. */
const POLL_SECONDS = 1

const WakeDataSchema = z.object({ accountId: z.string().min(1).max(200) })

/**
 * pg-boss on the database, its tables in JOBS_SCHEMA (created or migrated at start), the wake-up
 * queue created. The queue is then read once outside any transaction: pg-boss looks a queue up
 * through its own connection the first time it is used, and on PGlite (one connection) a first
 * `send` inside one of the store's transactions would wait for that transaction to end.
 */
export async function startJobs(db: Database, log: Logger): Promise<PgBoss> {
  const boss = new PgBoss({
    ...db.bossOptions(JOBS_SCHEMA),
    monitorIntervalSeconds: MONITOR_SECONDS,
    superviseIntervalSeconds: MONITOR_SECONDS,
    // The instance registry's periodic writes serve operators' dashboards, which an engine has none of.
    registerInstance: false,
  })
  // pg-boss reports its own trouble as events; an EventEmitter 'error' without a listener would end the process.
  boss.on('error', (error) => log.warn('job queue error', { error: String(error) }))
  await boss.start()
  await boss.createQueue(WAKE_QUEUE, WAKE_QUEUE_OPTIONS)
  await boss.findJobs(WAKE_QUEUE, { id: '00000000-0000-0000-0000-000000000000' })
  return boss
}

/**
 * When a plan written now should wake an engine: its due instant, or the instant of its next
 * attempt (the later of the two when it has both: a planned story that came due and now waits to
 * be tried again wakes for the try), or now. Null for a story no engine sends by itself.
 */
export function wakeAt(item: OutboxItem, now: number): Date | null {
  if (item.state !== 'queued' && item.state !== 'scheduled') return null
  const instants = [item.dueAt, item.nextAttemptAt].map((text) => (text === null ? NaN : Date.parse(text))).filter(Number.isFinite)
  return new Date(instants.length > 0 ? Math.max(...instants) : now)
}

/** Writes the item's wake-up job in the caller's transaction: the plan and its job commit or vanish together. */
export async function sendWake(boss: PgBoss, db: Database, tx: Sql, accountId: string, item: OutboxItem, now: number): Promise<void> {
  const at = wakeAt(item, now)
  if (at === null) return
  await boss.send(WAKE_QUEUE, { accountId, itemId: item.id }, { singletonKey: accountId, startAfter: at, db: db.bossTransaction(tx) })
}

/**
 * The wake-up worker of this pg-boss, as pg-boss last saw it (one per concurrent slot: the
 * freshest of them); null when none was started.
 */
export function wakeWorkerOf(boss: PgBoss): WakeWorker | null {
  const workers = boss.getWipData().filter((data) => data.name === WAKE_QUEUE)
  if (workers.length === 0) return null
  const latest = (values: (number | null)[]) =>
    values.reduce<number | null>((max, at) => (at !== null && (max === null || at > max) ? at : max), null)
  return {
    state: workers.some((worker) => worker.state === 'active') ? 'active' : workers[0]!.state,
    lastPollAt: latest(workers.map((worker) => worker.lastFetchedOn)),
    lastErrorAt: latest(workers.map((worker) => worker.lastErrorOn)),
    busy: workers.some((worker) => worker.count > 0),
  }
}

/** Runs `wake(accountId)` for every wake-up that comes due; returns a function that stops this worker. */
export async function workWakes(boss: PgBoss, wake: (accountId: string) => Promise<void>, log: Logger): Promise<() => Promise<void>> {
  const id = await boss.work(
    WAKE_QUEUE,
    { localConcurrency: WAKE_CONCURRENCY, pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 },
    async (jobs) => {
      for (const job of jobs) {
        const data = WakeDataSchema.safeParse(job.data)
        // A job written by something else: nothing to wake, and nothing to retry.
        if (!data.success) {
          log.warn('outbox wake-up job without an account', { job: job.id })
          continue
        }
        await wake(data.data.accountId)
      }
    },
  )
  return () => boss.offWork(WAKE_QUEUE, { id, wait: true })
}
