import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AppNotice } from '@shared/channels/app'
import { AppError } from '@shared/errors'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openConfStore } from '../../../../../src-main/adapters/conf-store'
import { silentLogger } from '../../../../../src-main/platform/log/log'
import { RecoveryLog } from '../../../../../src-main/platform/store/recovery-log'
import { SettingsService } from '../../../../../src-main/features/settings/settings-service'
import { AcceptedFeeds } from '../../../../../src-main/features/updates/accepted-feeds'
import { type UpdateEngine, type UpdateOffer, UpdateController } from '../../../../../src-main/features/updates/update-controller'
import type { SignatureCheck } from '../../../../../src-main/features/updates/update-policy'

/** The engine port as a recorder: what the controller asked of the updater, in order. */
class RecordingEngine implements UpdateEngine {
  calls: string[] = []
  /** The feed the updater was pointed at, or null while it was never pointed or disabled since. */
  feed: string | null = null
  offer: UpdateOffer | null = null
  failCheck: Error | null = null
  setFeed(url: string): void {
    this.calls.push(`setFeed ${url}`)
    this.feed = url
  }
  disable(): void {
    this.calls.push('disable')
    this.feed = null
  }
  async check(): Promise<UpdateOffer | null> {
    this.calls.push('check')
    if (this.failCheck) throw this.failCheck
    return this.offer
  }
  async download(): Promise<void> {
    this.calls.push('download')
  }
  installOnQuit(): void {
    this.calls.push('installOnQuit')
  }
}

/** The native dialog, answered as a test says: every address it was asked about, in order. */
const dialog = { asked: [] as string[], answer: true }
const settle = () => new Promise((resolve) => setImmediate(resolve))

let dir: string
let settings: SettingsService
let engine: RecordingEngine
let notices: AppNotice[]
let timers: { running: Set<number>; next: number }
let controller: UpdateController

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-updates-'))
  settings = new SettingsService({ store: openConfStore({ dir, name: 'settings' }), recoveries: new RecoveryLog(), log: silentLogger })
  engine = new RecordingEngine()
  notices = []
  timers = { running: new Set(), next: 1 }
  dialog.asked = []
  dialog.answer = true
  controller = new UpdateController({
    engine,
    buildFeed: null,
    confirmFeed: async (feed) => {
      dialog.asked.push(feed.href)
      return dialog.answer
    },
    signature: { verified: true },
    settings,
    log: silentLogger,
    notify: (notice) => notices.push(notice),
    timers: {
      set: () => {
        const id = timers.next++
        timers.running.add(id)
        return id
      },
      clear: (id) => timers.running.delete(id as number),
    },
  })
})
afterEach(async () => {
  controller.stop()
  await rm(dir, { recursive: true, force: true })
})

const FEED = 'https://updates.example.com/statusdesk/'

describe('the update controller', () => {
  it('does nothing at all with the default settings', async () => {
    controller.start()
    await controller.check()
    expect(engine.calls).toEqual([])
    expect(engine.feed).toBeNull()
    expect(timers.running.size).toBe(0)
  })

  it('the settings refuse a feed that is not https, with a clear error, and updates stay off', () => {
    controller.start()
    const refusal = (() => {
      try {
        settings.update({ updates: { enabled: true, feedUrl: 'http://updates.example.com/' } })
      } catch (error) {
        return error
      }
    })()
    expect(refusal).toBeInstanceOf(AppError)
    expect(refusal).toMatchObject({
      code: 'invalid-argument',
      text: { key: 'accountErrors.settings.feedNotHttps' },
      details: { field: 'updates.feedUrl', problem: expect.stringMatching(/https/) },
    })
    expect(settings.get().updates).toEqual({ enabled: false, feedUrl: null })
    expect(engine.calls).toEqual([])
  })

  it('checks, downloads a release whose files are on the feed, and says it installs on quit', async () => {
    engine.offer = { version: '1.2.0', files: [{ url: 'Statusdesk-1.2.0-linux-x86_64.AppImage' }] }
    controller.start()
    settings.update({ updates: { enabled: true, feedUrl: 'https://updates.example.com/statusdesk' } })
    // Accepting the address starts the first check by itself.
    await settle()
    expect(dialog.asked).toEqual([FEED])
    expect(engine.calls).toEqual(['setFeed ' + FEED, 'check', 'download', 'installOnQuit'])
    expect(timers.running.size).toBe(1)
    expect(notices).toEqual([{ level: 'info', text: { key: 'notices.updates.ready', params: { version: '1.2.0' } } }])

    await controller.check()
    expect(engine.calls.filter((c) => c === 'download')).toHaveLength(1)
  })

  it('refuses a release that would download from another host', async () => {
    engine.offer = { version: '1.2.0', files: [{ url: 'https://cdn.elsewhere.example.net/Statusdesk-1.2.0.zip' }] }
    settings.update({ updates: { enabled: true, feedUrl: FEED } })
    controller.start()
    await settle()
    expect(engine.calls).not.toContain('download')
    expect(notices).toEqual([
      { level: 'warning', text: { key: 'notices.updates.offFeed', params: { version: '1.2.0', host: 'updates.example.com' } } },
    ])
  })

  it('survives a failing check and stops everything when switched off', async () => {
    engine.failCheck = new Error('getaddrinfo ENOTFOUND updates.example.com')
    settings.update({ updates: { enabled: true, feedUrl: FEED } })
    controller.start()
    await settle()
    await controller.check()
    expect(notices).toEqual([])

    settings.update({ updates: { enabled: false } })
    expect(engine.calls.at(-1)).toBe('disable')
    expect(timers.running.size).toBe(0)
    expect(engine.feed).toBeNull()
    const before = engine.calls.length
    await controller.check()
    expect(engine.calls).toHaveLength(before)
  })

  it('does not follow an address the renderer set until the user accepts it in main, and asks once', async () => {
    dialog.answer = false
    engine.offer = { version: '9.9.9', files: [{ url: 'evil.AppImage' }] }
    controller.start()
    settings.update({ updates: { enabled: true, feedUrl: 'https://attacker.example.net/feed/' } })
    await settle()
    await controller.check()
    expect(dialog.asked).toEqual(['https://attacker.example.net/feed/'])
    expect(engine.calls).toEqual([])
    expect(engine.feed).toBeNull()
    expect(notices).toEqual([{ level: 'warning', text: { key: 'notices.updates.feedRefused', params: { host: 'attacker.example.net' } } }])
    // Switching updates off and on again does not ask again, nor use it.
    settings.update({ updates: { enabled: false } })
    settings.update({ updates: { enabled: true } })
    await settle()
    expect(dialog.asked).toHaveLength(1)
    expect(engine.calls).toEqual([])
  })
})

describe('addresses accepted in an earlier run', () => {
  const MIRROR = 'https://mirror.example.org/statusdesk/'
  const run = (feeds: AcceptedFeeds) => {
    // Each run of the app has an updater of its own.
    engine = new RecordingEngine()
    return new UpdateController({
      engine,
      buildFeed: null,
      confirmFeed: async (feed) => {
        dialog.asked.push(feed.href)
        return dialog.answer
      },
      acceptedFeeds: feeds,
      signature: { verified: true },
      settings,
      log: silentLogger,
      notify: (notice) => notices.push(notice),
      timers: { set: () => 1, clear: () => undefined },
    })
  }

  it('are used without asking again after a restart; a refused one is asked again', async () => {
    const file = join(dir, 'update-feeds.json')
    controller.stop()
    settings.update({ updates: { enabled: true, feedUrl: MIRROR } })
    controller = run(new AcceptedFeeds(file))
    controller.start()
    await vi.waitFor(() => expect(engine.feed).toBe(MIRROR))
    expect(dialog.asked).toEqual([MIRROR])

    // The next run, from the file alone.
    controller.stop()
    controller = run(new AcceptedFeeds(file))
    controller.start()
    await vi.waitFor(() => expect(engine.feed).toBe(MIRROR))
    expect(dialog.asked).toEqual([MIRROR])

    // A refused address is not remembered: the next run asks again.
    dialog.answer = false
    settings.update({ updates: { enabled: true, feedUrl: 'https://other.example.org/' } })
    await vi.waitFor(() => expect(dialog.asked).toEqual([MIRROR, 'https://other.example.org/']))
    controller.stop()
    controller = run(new AcceptedFeeds(file))
    controller.start()
    await vi.waitFor(() => expect(dialog.asked).toEqual([MIRROR, 'https://other.example.org/', 'https://other.example.org/']))
  })

  it('a damaged memory file is set aside and the user is asked again', async () => {
    const file = join(dir, 'update-feeds.json')
    await writeFile(file, '{"version":1,"feeds":["https://mirr')
    controller.stop()
    settings.update({ updates: { enabled: true, feedUrl: MIRROR } })
    controller = run(new AcceptedFeeds(file))
    controller.start()
    await vi.waitFor(() => expect(dialog.asked).toEqual([MIRROR]))
    expect((await readdir(dir)).some((name) => name.startsWith('update-feeds.json.corrupt-'))).toBe(true)
    expect(await new AcceptedFeeds(file).has(MIRROR)).toBe(true)
  })
})

describe('the feed from the build', () => {
  const BUILD = 'https://releases.statusdesk.example/stable/'

  function withBuild(options: { signature?: SignatureCheck } = {}) {
    controller.stop()
    controller = new UpdateController({
      engine,
      buildFeed: BUILD,
      confirmFeed: async (feed) => {
        dialog.asked.push(feed.href)
        return dialog.answer
      },
      signature: options.signature ?? { verified: true },
      settings,
      log: silentLogger,
      notify: (notice) => notices.push(notice),
      timers: { set: () => 1, clear: () => undefined },
    })
    return controller
  }

  it('is used with no question when updates are on and no other address is set', async () => {
    engine.offer = { version: '2.0.0', files: [{ url: 'Statusdesk-2.0.0.dmg' }] }
    withBuild().start()
    settings.update({ updates: { enabled: true } })
    await controller.check()
    expect(dialog.asked).toEqual([])
    expect(engine.calls).toEqual(['setFeed ' + BUILD, 'check', 'download', 'installOnQuit'])
  })

  it('stays in use when the user refuses another address', async () => {
    dialog.answer = false
    withBuild().start()
    settings.update({ updates: { enabled: true, feedUrl: 'https://mirror.example.org/' } })
    await settle()
    expect(dialog.asked).toEqual(['https://mirror.example.org/'])
    expect(engine.feed).toBe(BUILD)
  })

  it('offers but never downloads or installs where no signature can be verified (AppImage, deb)', async () => {
    engine.offer = { version: '2.0.0', files: [{ url: 'Statusdesk-2.0.0-linux-x86_64.AppImage' }] }
    withBuild({ signature: { verified: false, reason: 'unsigned-package' } }).start()
    settings.update({ updates: { enabled: true } })
    await controller.check()
    expect(engine.calls).toEqual(['setFeed ' + BUILD, 'check'])
    expect(notices).toEqual([
      {
        level: 'info',
        text: { key: 'notices.updates.manualUnsigned', params: { version: '2.0.0', host: 'releases.statusdesk.example' } },
      },
    ])
  })

  it('says why a Windows build without a publisher is not installed by itself', async () => {
    engine.offer = { version: '2.0.0', files: [{ url: 'Statusdesk-Setup-2.0.0.exe' }] }
    withBuild({ signature: { verified: false, reason: 'no-publisher' } }).start()
    settings.update({ updates: { enabled: true } })
    await controller.check()
    expect(engine.calls).toEqual(['setFeed ' + BUILD, 'check'])
    expect(notices).toEqual([
      {
        level: 'info',
        text: { key: 'notices.updates.manualNoPublisher', params: { version: '2.0.0', host: 'releases.statusdesk.example' } },
      },
    ])
  })
})
