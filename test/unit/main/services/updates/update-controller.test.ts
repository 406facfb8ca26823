import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openConfStore } from '../../../../../src-main/adapters/conf-store'
import { silentLogger } from '../../../../../src-main/services/log'
import { RecoveryLog } from '../../../../../src-main/services/settings/recovery-log'
import { SettingsService } from '../../../../../src-main/services/settings/settings-service'
import { type UpdateEngine, type UpdateOffer, UpdateController } from '../../../../../src-main/services/updates/update-controller'

/** The engine port as a recorder: what the controller asked of the updater, in order. */
class RecordingEngine implements UpdateEngine {
  calls: string[] = []
  offer: UpdateOffer | null = null
  failCheck: Error | null = null
  setFeed(url: string): void {
    this.calls.push(`setFeed ${url}`)
  }
  disable(): void {
    this.calls.push('disable')
  }
  async check(): Promise<UpdateOffer | null> {
    this.calls.push('check')
    if (this.failCheck) throw this.failCheck
    return this.offer
  }
  async download(): Promise<void> {
    this.calls.push('download')
  }
}

let dir: string
let settings: SettingsService
let engine: RecordingEngine
let notices: { level: string; message: string }[]
let timers: { running: Set<number>; next: number }
let controller: UpdateController

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-updates-'))
  settings = new SettingsService({ store: openConfStore({ dir, name: 'settings' }), recoveries: new RecoveryLog(), log: silentLogger })
  engine = new RecordingEngine()
  notices = []
  timers = { running: new Set(), next: 1 }
  controller = new UpdateController({
    engine,
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
    expect(controller.feed).toBeNull()
    expect(timers.running.size).toBe(0)
  })

  it('the settings refuse a feed that is not https, with a clear error, and updates stay off', () => {
    controller.start()
    expect(() => settings.update({ updates: { enabled: true, feedUrl: 'http://updates.example.com/' } })).toThrow(/https/)
    expect(settings.get().updates).toEqual({ enabled: false, feedUrl: null })
    expect(engine.calls).toEqual([])
  })

  it('checks, downloads a release whose files are on the feed, and says it installs on quit', async () => {
    engine.offer = { version: '1.2.0', files: [{ url: 'Statusdesk-1.2.0-linux-x86_64.AppImage' }] }
    controller.start()
    settings.update({ updates: { enabled: true, feedUrl: 'https://updates.example.com/statusdesk' } })
    await controller.check()
    expect(engine.calls).toEqual(['setFeed ' + FEED, 'check', 'download'])
    expect(timers.running.size).toBe(1)
    expect(notices).toEqual([{ level: 'info', message: 'Statusdesk 1.2.0 is ready and will be installed when you quit the app.' }])

    await controller.check()
    expect(engine.calls.filter((c) => c === 'download')).toHaveLength(1)
  })

  it('refuses a release that would download from another host', async () => {
    engine.offer = { version: '1.2.0', files: [{ url: 'https://cdn.elsewhere.example.net/Statusdesk-1.2.0.zip' }] }
    settings.update({ updates: { enabled: true, feedUrl: FEED } })
    controller.start()
    await controller.check()
    expect(engine.calls).not.toContain('download')
    expect(notices).toEqual([{ level: 'warning', message: expect.stringContaining('not on the update address (updates.example.com)') }])
  })

  it('survives a failing check and stops everything when switched off', async () => {
    engine.failCheck = new Error('getaddrinfo ENOTFOUND updates.example.com')
    settings.update({ updates: { enabled: true, feedUrl: FEED } })
    controller.start()
    await controller.check()
    expect(notices).toEqual([])

    settings.update({ updates: { enabled: false } })
    expect(engine.calls.at(-1)).toBe('disable')
    expect(timers.running.size).toBe(0)
    expect(controller.feed).toBeNull()
    const before = engine.calls.length
    await controller.check()
    expect(engine.calls).toHaveLength(before)
  })
})
