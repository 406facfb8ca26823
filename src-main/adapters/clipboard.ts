import { clipboard } from 'electron'
import type { ClipboardPort } from '../platform/clipboard'

export const electronClipboard: ClipboardPort = {
  writeText: (text) => clipboard.writeText(text),
}
