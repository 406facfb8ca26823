import type { BrowserWindow } from 'electron'
import { windowClient } from './ipc'

export interface DesktopWindowsOptions {
  /** Makes one hardened window (app/window.ts). */
  create(): BrowserWindow
  /** While stories are planned, closing the last window leaves the app in the tray instead. */
  keepRunningOnClose(): boolean
  /** Whether the app is quitting: windows then close for good. */
  quitting(): boolean
  /** A window is gone: the engine forgets its client (the account on its screen). */
  gone(client: string): void
}

/**
 * The desktop's windows. Each is a client of the one engine, with its own account on screen;
 * main trusts requests from any of them, and events go to all. The last window closed while
 * stories are planned hides in the tray rather than closing, as the one window did.
 */
export class DesktopWindows {
  readonly #opts: DesktopWindowsOptions
  readonly #open = new Set<BrowserWindow>()
  /** The one focused last: the tray's "Sync now" is about the account it shows. */
  #last: BrowserWindow | null = null

  constructor(options: DesktopWindowsOptions) {
    this.#opts = options
  }

  /** The webContents ids of the windows open now: the only senders IPC trusts. */
  ids(): number[] {
    return [...this.#open].map((window) => window.webContents.id)
  }

  /** The client name of the window focused last, or null with none open. */
  lastClient(): string | null {
    return this.#last ? windowClient(this.#last.webContents.id) : null
  }

  send(channel: string, ...args: unknown[]): void {
    for (const window of this.#open) window.webContents.send(channel, ...args)
  }

  /** A new window: a new client, starting on the account chosen last. */
  open(): BrowserWindow {
    const window = this.#opts.create()
    const client = windowClient(window.webContents.id)
    this.#open.add(window)
    this.#last = window
    window.on('focus', () => (this.#last = window))
    window.on('close', (event) => {
      // Planned stories go out only while the app runs: the last window hides instead of closing.
      if (this.#opts.quitting() || this.#open.size > 1 || !this.#opts.keepRunningOnClose()) return
      event.preventDefault()
      window.hide()
    })
    window.on('closed', () => {
      this.#open.delete(window)
      if (this.#last === window) this.#last = [...this.#open].at(-1) ?? null
      this.#opts.gone(client)
    })
    return window
  }

  /** Brings a window back (from the tray, the dock, a second launch), opening one when none is left. */
  bringBack(): void {
    const window = this.#last ?? [...this.#open].at(-1)
    if (!window) {
      this.open()
      return
    }
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  }

  /** The dock icon: a window hidden in the tray comes back; with none open, a new one. */
  activate(): void {
    if (this.#open.size === 0) this.open()
    else this.bringBack()
  }
}
