/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter, an object pattern even when empty. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, type BrowserContext, type BrowserContextOptions, type Page, test as base, expect } from '@playwright/test'
import { type Emulator, type EmulatorOptions, startEmulator } from '../../../src-main/emulator'
import { type EmulatorProcess, spawnEmulator } from '../../support/emulator-process'
import { fillConnect } from './accounts-helpers'
import { type WebApp, startWebApp, stopProcess } from './web-app'

export { expect }

/**
 * What every end-to-end spec sets up: emulators, web mode, the app's window and a connected
 * account. Per test, through the fixtures of `test` below, with options given by `test.use`;
 * or once for all the tests of a serial file, through `sharedSession`, which hands the same
 * fixtures to each test.
 */

/** What an emulator in its own process is started with: the command line's options. */
export type ProcessOptions = Pick<EmulatorOptions, 'port' | 'token' | 'groups' | 'seed' | 'faults'>

/** Emulators started for one test or one file, each stopped at its end. */
export class Emulators {
  private readonly running = new Map<Emulator | EmulatorProcess, (port: number) => Promise<Emulator | EmulatorProcess>>()

  /** One in this process: its control is at hand (`emulator.control`). */
  async start(options: EmulatorOptions = {}): Promise<Emulator> {
    const emulator = await startEmulator(options)
    this.running.set(emulator, (port) => this.start({ ...options, port }))
    return emulator
  }

  /** One in its own process, as the provider is on its own machine; its control is over HTTP. */
  async spawn(options: ProcessOptions = {}): Promise<EmulatorProcess> {
    const emulator = await spawnEmulator(commandLine(options))
    this.running.set(emulator, (port) => this.spawn({ ...options, port }))
    return emulator
  }

  /** Stops it if it still runs and starts it again with the same options on the same port. */
  restart(emulator: Emulator): Promise<Emulator>
  restart(emulator: EmulatorProcess): Promise<EmulatorProcess>
  async restart(emulator: Emulator | EmulatorProcess): Promise<Emulator | EmulatorProcess> {
    const again = this.running.get(emulator)
    if (!again) throw new Error(`${emulator.baseUrl} was not started here`)
    await stopEmulator(emulator)
    this.running.delete(emulator)
    return again(Number(new URL(emulator.baseUrl).port))
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running.keys()].map(stopEmulator))
    this.running.clear()
  }
}

function commandLine(options: ProcessOptions): string[] {
  const tokens = options.token === undefined ? [] : typeof options.token === 'string' ? [options.token] : options.token
  return [
    ...(options.port === undefined ? [] : ['--port', String(options.port)]),
    ...tokens.flatMap((token) => ['--token', token]),
    ...(options.groups === undefined ? [] : ['--groups', String(options.groups)]),
    ...(options.seed === undefined ? [] : ['--seed', String(options.seed)]),
    ...(options.faults ?? []).flatMap((fault) => ['--fault', JSON.stringify(fault)]),
  ]
}

/** Specs stop emulators themselves (the server going away is what they test): stopping twice is fine. */
function stopEmulator(emulator: Emulator | EmulatorProcess): Promise<void> {
  return 'child' in emulator ? stopProcess(emulator.child) : emulator.stop().catch(() => undefined)
}

export interface AppOptions {
  /** Added to web mode's environment. */
  env?: Record<string, string>
  /** Gives web mode an export folder of its own (STATUSDESK_DOWNLOADS_DIR), as `app.downloads`. */
  downloads?: boolean
}

/** Web mode as a test holds it: restarted on the same data folder, and removed with it at the end. */
export interface AppUnderTest extends WebApp {
  /** The folder exports are saved to, with `downloads: true`. */
  readonly downloads: string
  /** Stops web mode if it still runs and starts it again on the same data folder, with a new secret. */
  restart(): Promise<AppUnderTest>
}

/** The runs of web mode over one data folder; the last one is stopped and its folder removed at the end. */
class AppRuns {
  private last: WebApp | undefined
  private downloads = ''

  constructor(private readonly options: AppOptions) {}

  async start(dataDir?: string): Promise<AppUnderTest> {
    if (this.options.downloads && !this.downloads) this.downloads = await mkdtemp(join(tmpdir(), 'statusdesk-downloads-'))
    const env = { ...this.options.env, ...(this.downloads ? { STATUSDESK_DOWNLOADS_DIR: this.downloads } : {}) }
    const run = await startWebApp({ dataDir, env })
    this.last = run
    const downloads = this.downloads
    return {
      ...run,
      get downloads() {
        if (!downloads) throw new Error('the app has an export folder of its own only with appOptions { downloads: true }')
        return downloads
      },
      restart: async () => {
        await run.stop()
        return this.start(run.dataDir)
      },
    }
  }

  async dispose(): Promise<void> {
    await this.last?.stop({ removeData: true })
    if (this.downloads) await rm(this.downloads, { recursive: true, force: true })
  }
}

export interface PageOptions {
  /**
   * Console errors recorded in `problems` beside the page's uncaught errors: all of them, or all
   * but refused requests (a spec that stops a server on purpose expects those).
   */
  consoleErrors?: 'all' | 'except-failed-loads'
  /** Confirmations (send again, discard) are accepted, as a user who chose them would. */
  acceptDialogs?: boolean
}

/** What the page says on the console when the code asks for a message key no catalog has (see createAppI18n). */
const MISSING_KEY = /^Missing message key: /

function watch(page: Page, problems: string[], options: PageOptions): void {
  page.on('pageerror', (error) => problems.push(error.message))
  const { consoleErrors, acceptDialogs } = options
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    // A key the catalogs lack is always a problem, whatever else a spec lets pass.
    if (MISSING_KEY.test(message.text())) return void problems.push(message.text())
    if (!consoleErrors) return
    if (consoleErrors === 'except-failed-loads' && /Failed to load resource/.test(message.text())) return
    problems.push(message.text())
  })
  if (acceptDialogs) page.on('dialog', (dialog) => void dialog.accept())
}

/** Fails the test (or the file's session) when the page showed a raw message key, whether or not the spec checks its problems. */
function noMissingKeys(problems: readonly string[]): void {
  expect(problems.filter((problem) => MISSING_KEY.test(problem))).toEqual([])
}

export interface Connection {
  label?: string
  /** Where the token is kept; web mode has no keyring. */
  storage?: 'session' | 'weak'
}

/**
 * Connects the server's account from the connect view on screen, and waits for its first sync:
 * the groups listed (all of them, when the emulator runs here and can say how many) and the
 * time of the sync shown.
 */
export async function connectAccount(page: Page, server: Emulator | EmulatorProcess, connection: Connection = {}): Promise<void> {
  await fillConnect(page, { baseUrl: server.baseUrl, token: server.token, ...connection })
  await expect(page.getByTestId('app-frame')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('status-last-synced')).toContainText('Last synced', { timeout: 60_000 })
  const total = typeof server.control === 'function' ? undefined : server.control.groups.total()
  if (total !== undefined) {
    const count = page.getByTestId('groups-count')
    await expect.poll(async () => Number((await count.textContent())?.replace(/\D/g, '')), { timeout: 30_000 }).toBe(total)
  }
  if (total !== 0) await expect(page.getByTestId('group-row').first()).toBeVisible({ timeout: 30_000 })
}

interface Fixtures {
  /** The in-process emulator's options: groups, seed, token, port... */
  emulatorOptions: EmulatorOptions
  /** The options of the emulator in its own process. */
  emulatorProcessOptions: ProcessOptions
  appOptions: AppOptions
  pageOptions: PageOptions
  /** How `connectedPage` connects. */
  connection: Connection
  /** More emulators, in this process or their own, stopped when the test ends. */
  emulators: Emulators
  /** An emulator in this process, started with `emulatorOptions`. */
  emulator: Emulator
  /** An emulator in its own process, started with `emulatorProcessOptions`. */
  emulatorProcess: EmulatorProcess
  /** Web mode in its own process, over a data folder of its own. */
  app: AppUnderTest
  /** The app page's uncaught errors, and the console errors `pageOptions` asks for. */
  problems: string[]
  /** The test's page (`page`, with the context options `test.use` gives), opened on the app. */
  appPage: Page
  /** `appPage` with the emulator's account connected as `connection` says, after its first sync. */
  connectedPage: Page
}

export const test = base.extend<Fixtures>({
  emulatorOptions: [{}, { option: true }],
  emulatorProcessOptions: [{}, { option: true }],
  appOptions: [{}, { option: true }],
  pageOptions: [{}, { option: true }],
  connection: [{}, { option: true }],
  emulators: async ({}, use) => {
    const emulators = new Emulators()
    await use(emulators)
    await emulators.stopAll()
  },
  emulator: async ({ emulators, emulatorOptions }, use) => {
    await use(await emulators.start(emulatorOptions))
  },
  emulatorProcess: async ({ emulators, emulatorProcessOptions }, use) => {
    await use(await emulators.spawn(emulatorProcessOptions))
  },
  app: async ({ appOptions }, use) => {
    const runs = new AppRuns(appOptions)
    await use(await runs.start())
    await runs.dispose()
  },
  problems: async ({}, use) => {
    await use([])
  },
  appPage: async ({ app, page, problems, pageOptions }, use) => {
    watch(page, problems, pageOptions)
    await page.goto(app.url)
    await use(page)
    noMissingKeys(problems)
  },
  connectedPage: async ({ emulator, appPage, connection }, use) => {
    await connectAccount(appPage, emulator, connection)
    await use(appPage)
  },
})

export interface SessionSetup {
  /** Starts an emulator in this process (`emulator`). */
  emulatorOptions?: EmulatorOptions
  /** Starts an emulator in its own process (`emulatorProcess`). */
  emulatorProcessOptions?: ProcessOptions
  appOptions?: AppOptions
  /** The window's context; its permissions are granted to the app's origin, its script runs before the app's own. */
  window: Pick<BrowserContextOptions, 'viewport' | 'locale' | 'timezoneId'> & { permissions?: string[]; initScript?: () => void }
  pageOptions?: PageOptions
  /** Connects the emulator's account before the first test, and waits for its first sync. */
  connection?: Connection
}

/**
 * One emulator, one web mode and one window for all the tests of a serial file (or `describe`
 * block): started before the first test, stopped after the last. Each test receives them as the
 * fixtures `emulator`, `emulatorProcess`, `app`, `appPage` and `problems` (`connectedPage` is the
 * same page, connected if the session has a `connection`), as they are when it starts. Restarts
 * go through the session, so that helpers, the next test and the end of the file find the new
 * ones. The `emulators` fixture stays the test's own.
 */
export function sharedSession(setup: SessionSetup): Session {
  const session = new Session(setup)
  test.beforeAll(async ({ browser }) => session.start(browser))
  test.afterAll(async () => session.stop())
  test.use({
    emulator: async ({}, use) => use(session.emulator),
    emulatorProcess: async ({}, use) => use(session.emulatorProcess),
    app: async ({}, use) => use(session.app),
    appPage: async ({}, use) => use(session.page),
    connectedPage: async ({}, use) => use(session.page),
    problems: async ({}, use) => use(session.problems),
  })
  return session
}

export class Session {
  /** Emulators started for the whole file. */
  readonly emulators = new Emulators()
  /** Uncaught errors and chosen console errors of every page the session opened. */
  readonly problems: string[] = []
  private inProcess: Emulator | undefined
  private ownProcess: EmulatorProcess | undefined
  private readonly runs: AppRuns
  private current: AppUnderTest | undefined
  private browserContext: BrowserContext | undefined
  private currentPage: Page | undefined

  constructor(private readonly setup: SessionSetup) {
    this.runs = new AppRuns(setup.appOptions ?? {})
  }

  get emulator(): Emulator {
    return present(this.inProcess, 'an emulator in this process (emulatorOptions)')
  }

  get emulatorProcess(): EmulatorProcess {
    return present(this.ownProcess, 'an emulator in its own process (emulatorProcessOptions)')
  }

  get app(): AppUnderTest {
    return present(this.current, 'a running app')
  }

  get context(): BrowserContext {
    return present(this.browserContext, 'a window')
  }

  get page(): Page {
    return present(this.currentPage, 'a page')
  }

  async start(browser: Browser): Promise<void> {
    const { emulatorOptions, emulatorProcessOptions, window, connection } = this.setup
    if (emulatorOptions) this.inProcess = await this.emulators.start(emulatorOptions)
    if (emulatorProcessOptions) this.ownProcess = await this.emulators.spawn(emulatorProcessOptions)
    this.current = await this.runs.start()
    const { permissions, initScript, ...options } = window
    this.browserContext = await browser.newContext(options)
    if (permissions) await this.browserContext.grantPermissions(permissions, { origin: this.current.origin })
    if (initScript) await this.browserContext.addInitScript(initScript)
    await (await this.openPage()).goto(this.current.url)
    if (connection) await connectAccount(this.page, this.inProcess ?? this.emulatorProcess, connection)
  }

  /** A new page in the window, watched as `pageOptions` says, not yet opened on anything. */
  async openPage(): Promise<Page> {
    const page = await this.context.newPage()
    watch(page, this.problems, this.setup.pageOptions ?? {})
    this.currentPage = page
    return page
  }

  /** Closes the page and stops web mode, keeping its data folder. */
  async stopApp(): Promise<void> {
    await this.currentPage?.close()
    await this.app.stop()
  }

  /** Web mode again on the same data folder (stopped first if it runs), in a new page. */
  async restartApp(): Promise<Page> {
    await this.currentPage?.close()
    this.current = await this.app.restart()
    const page = await this.openPage()
    await page.goto(this.current.url)
    return page
  }

  /** The in-process emulator again, with the same options on the same port (stopped first if it runs). */
  async restartEmulator(): Promise<Emulator> {
    this.inProcess = await this.emulators.restart(this.emulator)
    return this.inProcess
  }

  async stop(): Promise<void> {
    await this.browserContext?.close()
    await this.runs.dispose()
    await this.emulators.stopAll()
    noMissingKeys(this.problems)
  }
}

function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`this session has no ${what}`)
  return value
}
