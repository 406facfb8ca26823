import { type Api, CHANNEL_NAMES, EVENT_CHANNEL, isEventName } from '@shared/channels/contract'
import { contextBridge, ipcRenderer } from 'electron'

/**
 * window.api: one function per contract channel and on(event) for main's pushes. Nothing
 * generic is exposed: no ipcRenderer, no send/invoke by name, no process.env.
 */
const api: Record<string, unknown> = {}
for (const channel of CHANNEL_NAMES) {
  api[channel] = (arg?: unknown) => ipcRenderer.invoke(channel, arg)
}
api['on'] = (event: unknown, listener: (payload: unknown) => void) => {
  if (!isEventName(event) || typeof listener !== 'function') throw new TypeError('Unknown event')
  const relay = (_e: unknown, name: unknown, payload: unknown) => {
    if (name === event) listener(payload)
  }
  ipcRenderer.on(EVENT_CHANNEL, relay)
  return () => {
    ipcRenderer.removeListener(EVENT_CHANNEL, relay)
  }
}

contextBridge.exposeInMainWorld('api', Object.freeze(api) as Api)
