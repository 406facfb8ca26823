import { CHANNEL_NAMES, type ChannelName } from '@shared/channels/contract'
import type { Result } from '@shared/errors'
import { type IpcMainInvokeEvent, ipcMain } from 'electron'
import { type Handlers, dispatch } from '../handlers/dispatch'
import type { Logger } from '../platform/log/log'
import { userText } from '@shared/i18n/user-text'

export type SenderCheck = (event: IpcMainInvokeEvent) => boolean

const REFUSED: Result<never> = {
  ok: false,
  error: { code: 'forbidden', text: userText('errors.bridge.notFromWindow') },
}

/**
 * The one place a renderer request enters main over IPC: the sender is checked first,
 * then dispatch() parses the argument, runs the handler and maps its errors.
 */
export function handle(channel: ChannelName, handlers: Handlers, isTrusted: SenderCheck, log: Logger): void {
  ipcMain.handle(channel, async (event, arg: unknown) => {
    if (!isTrusted(event)) {
      log.warn('refused IPC from an untrusted sender', { channel, url: event.senderFrame?.url ?? 'unknown' })
      return REFUSED
    }
    return dispatch(handlers, channel, arg, { transport: 'ipc', client: windowClient(event.sender.id) }, log)
  })
}

/** A window's name as a client of the engine: each window has its own account on screen. */
export function windowClient(webContentsId: number): string {
  return `window:${webContentsId}`
}

export function registerIpc(handlers: Handlers, isTrusted: SenderCheck, log: Logger): () => void {
  for (const channel of CHANNEL_NAMES) handle(channel, handlers, isTrusted, log)
  return () => {
    for (const channel of CHANNEL_NAMES) ipcMain.removeHandler(channel)
  }
}

/** The renderer origin as Electron reports it, robust to custom schemes (URL.origin is "null" there). */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}`
  } catch {
    return null
  }
}

/** Trusts only the top frame of one of our own windows, loaded from one of our origins. */
export function senderCheck(
  getWebContentsIds: () => number | readonly number[] | undefined,
  allowedOrigins: readonly string[],
): SenderCheck {
  return (event) => {
    const own = getWebContentsIds()
    const ids = own === undefined ? [] : typeof own === 'number' ? [own] : own
    if (!ids.includes(event.sender.id)) return false
    const frame = event.senderFrame
    if (!frame || frame !== event.sender.mainFrame) return false
    const origin = originOf(frame.url)
    return origin !== null && allowedOrigins.includes(origin)
  }
}
