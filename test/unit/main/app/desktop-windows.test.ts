import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({ ipcMain: { handle: () => undefined, removeHandler: () => undefined } }))

const { DesktopWindows } = await import('../../../../src-main/app/desktop-windows')
const { senderCheck } = await import('../../../../src-main/app/ipc')

let nextId = 1

/** A window as DesktopWindows uses one: its events, its webContents, shown or hidden. */
class FakeWindow extends EventEmitter {
  readonly webContents = { id: nextId++, sent: [] as unknown[][], send: (...args: unknown[]) => this.webContents.sent.push(args) }
  visible = true
  focused = false
  hide = () => (this.visible = false)
  show = () => (this.visible = true)
  focus = () => (this.focused = true)
  restore = () => undefined
  isMinimized = () => false
  /** What a click on its close box does: `close` may be prevented, else it closes. */
  close(): boolean {
    let prevented = false
    this.emit('close', { preventDefault: () => (prevented = true) })
    if (!prevented) this.emit('closed')
    return !prevented
  }
}

function setup(options: { planned?: boolean } = {}) {
  const gone: string[] = []
  const made: FakeWindow[] = []
  const windows = new DesktopWindows({
    create: () => {
      const window = new FakeWindow()
      made.push(window)
      return window as never
    },
    keepRunningOnClose: () => options.planned ?? false,
    quitting: () => false,
    gone: (client) => gone.push(client),
  })
  return { windows, made, gone }
}

describe('the desktop windows, each a client of the one engine', () => {
  it('trusts each open window, sends events to all, and forgets a closed one as a client', () => {
    const { windows, made, gone } = setup()
    windows.open()
    windows.open()
    const check = senderCheck(() => windows.ids(), ['statusdesk://app'])
    const from = (id: number) => {
      const mainFrame = { url: 'statusdesk://app/index.html' }
      return { sender: { id, mainFrame }, senderFrame: mainFrame } as never
    }
    expect(made.map((w) => check(from(w.webContents.id)))).toEqual([true, true])
    expect(check(from(999))).toBe(false)

    windows.send('statusdesk:event', 'sync:state', {})
    expect(made.map((w) => w.webContents.sent.length)).toEqual([1, 1])

    expect(made[0]!.close()).toBe(true)
    expect(gone).toEqual([`window:${made[0]!.webContents.id}`])
    expect(check(from(made[0]!.webContents.id))).toBe(false)
  })

  it('with stories planned, only the last window hides in the tray; the others close', () => {
    const { windows, made, gone } = setup({ planned: true })
    windows.open()
    windows.open()
    expect(made[1]!.close()).toBe(true)
    expect(made[0]!.close()).toBe(false)
    expect(made[0]!.visible).toBe(false)
    expect(gone).toEqual([`window:${made[1]!.webContents.id}`])
    windows.bringBack()
    expect(made[0]!.visible).toBe(true)
  })

  it('the tray speaks of the window focused last, and opens one when none is left', () => {
    const { windows, made } = setup()
    windows.open()
    windows.open()
    made[0]!.emit('focus')
    expect(windows.lastClient()).toBe(`window:${made[0]!.webContents.id}`)
    made[0]!.close()
    expect(windows.lastClient()).toBe(`window:${made[1]!.webContents.id}`)
    made[1]!.close()
    expect(windows.lastClient()).toBeNull()
    windows.activate()
    expect(made).toHaveLength(3)
  })
})
