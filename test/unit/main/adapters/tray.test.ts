import { beforeEach, describe, expect, it, vi } from 'vitest'
import { userText } from '@shared/i18n/user-text'
import type { TrayMenuLine } from '../../../../src-main/app/tray-menu'
import { createTranslator } from '../../../../src-main/platform/i18n/translator'

const trays: FakeTray[] = []
class FakeTray {
  menu: TrayMenuLine[] = []
  tooltip = ''
  destroyed = false
  readonly listeners = new Map<string, () => void>()
  constructor(readonly image: unknown) {
    trays.push(this)
  }
  setToolTip(text: string) {
    this.tooltip = text
  }
  setContextMenu(menu: { template: TrayMenuLine[] }) {
    this.menu = menu.template
  }
  on(name: string, listener: () => void) {
    this.listeners.set(name, listener)
  }
  destroy() {
    this.destroyed = true
  }
}
const resize = vi.fn((size: unknown) => ({ resized: size }))
const show = vi.fn()
const isSupported = vi.fn(() => true)
const notifications: unknown[] = []
const powerListeners = new Map<string, () => void>()
const showMessageBoxSync = vi.fn()

vi.mock('electron', () => ({
  Tray: FakeTray,
  Menu: { buildFromTemplate: (template: TrayMenuLine[]) => ({ template }) },
  nativeImage: { createFromPath: (path: string) => ({ path, resize }) },
  Notification: Object.assign(
    function Notification(this: { show: () => void }, options: unknown) {
      notifications.push(options)
      this.show = show
    },
    { isSupported: () => isSupported() },
  ),
  powerMonitor: {
    on: (name: string, listener: () => void) => powerListeners.set(name, listener),
    off: (name: string) => powerListeners.delete(name),
  },
  dialog: { showMessageBoxSync: (...args: unknown[]) => showMessageBoxSync(...args) },
}))

const translator = createTranslator('en-GB')
const say = translator.say

const { createAppTray } = await import('../../../../src-main/adapters/tray')
const { electronNotifier } = await import('../../../../src-main/adapters/notifier')
const { onSystemResume } = await import('../../../../src-main/adapters/power-monitor')
const { confirmQuitWithScheduled } = await import('../../../../src-main/adapters/quit-dialog')

beforeEach(() => {
  trays.splice(0)
  notifications.splice(0)
  translator.setLocale('en-GB')
  show.mockReset()
  showMessageBoxSync.mockReset()
})

describe('the tray', () => {
  it('offers Open, Sync now, the next story and Quit, each doing its job', () => {
    const actions = { open: vi.fn(), syncNow: vi.fn(), quit: vi.fn() }
    const tray = createAppTray(
      '/icons/32x32.png',
      actions,
      userText('desktop.tray.nextStory', { when: 'Mon 09:00', snippet: 'Hello' }),
      say,
    )
    const fake = trays[0]!
    expect(resize).toHaveBeenCalledWith({ width: 16, height: 16 })
    expect(fake.menu.map((line) => line.label ?? line.type)).toEqual([
      'Open Statusdesk',
      'Sync now',
      'separator',
      'Next story: \u2068Mon 09:00\u2069 · \u2068Hello\u2069',
      'separator',
      'Quit Statusdesk',
    ])
    expect(fake.menu[3]!.enabled).toBe(false)
    fake.menu[0]!.click!()
    fake.menu[1]!.click!()
    fake.menu[5]!.click!()
    expect(actions.open).toHaveBeenCalledOnce()
    expect(actions.syncNow).toHaveBeenCalledOnce()
    expect(actions.quit).toHaveBeenCalledOnce()
    fake.listeners.get('click')!()
    expect(actions.open).toHaveBeenCalledTimes(2)
    tray.update(userText('desktop.tray.noStory'))
    expect(fake.menu[3]!.label).toBe('No story scheduled')
    expect(fake.tooltip).toBe('Statusdesk — \u2068No story scheduled\u2069')
    tray.destroy()
    expect(fake.destroyed).toBe(true)
  })
})

describe('desktop notifications', () => {
  const published = { title: userText('desktop.notifications.published.title'), body: userText('desktop.notifications.published.body') }

  it('shows an Electron Notification where supported, nothing where not', () => {
    electronNotifier(say).show(published)
    expect(notifications).toEqual([{ title: 'Story published', body: 'Your scheduled or queued story is live.', silent: false }])
    expect(show).toHaveBeenCalledOnce()
    isSupported.mockReturnValueOnce(false)
    electronNotifier(say).show(published)
    expect(notifications).toHaveLength(1)
  })

  it('says its words in the language current when it is shown', () => {
    const notifier = electronNotifier(say)
    translator.setLocale('es-ES')
    notifier.show(published)
    expect(notifications).toEqual([
      { title: 'Historia publicada', body: 'Tu historia programada o en cola ya está publicada.', silent: false },
    ])
  })
})

describe('resume from sleep', () => {
  it('listens to resume and unlock until told to stop', () => {
    const listener = vi.fn()
    const stop = onSystemResume(listener)
    powerListeners.get('resume')!()
    powerListeners.get('unlock-screen')!()
    expect(listener).toHaveBeenCalledTimes(2)
    stop()
    expect(powerListeners.size).toBe(0)
  })
})

describe('the quit question', () => {
  it('quits only when the user picks Quit; Escape keeps the app running', () => {
    showMessageBoxSync.mockReturnValueOnce(1)
    expect(confirmQuitWithScheduled(2, say)).toBe(true)
    expect(showMessageBoxSync).toHaveBeenCalledWith(
      expect.objectContaining({
        message: '\u20682\u2069 stories are scheduled. Quit anyway?',
        buttons: ['Keep running', 'Quit'],
        cancelId: 0,
      }),
    )
    showMessageBoxSync.mockReturnValueOnce(0)
    expect(confirmQuitWithScheduled(1, say)).toBe(false)
    expect(showMessageBoxSync).toHaveBeenLastCalledWith(expect.objectContaining({ message: 'A story is scheduled. Quit anyway?' }))
  })

  it('asks in the language chosen, with the plural form the count takes there', () => {
    translator.setLocale('ru-RU')
    showMessageBoxSync.mockReturnValueOnce(0)
    expect(confirmQuitWithScheduled(3, say)).toBe(false)
    expect(showMessageBoxSync).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Запланированы \u20683\u2069 истории. Всё равно выйти?', buttons: ['Не выходить', 'Выйти'] }),
    )
  })
})
