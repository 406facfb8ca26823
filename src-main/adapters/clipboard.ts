import { clipboard } from 'electron'
import type { ClipboardPort } from '../services/clipboard'

export const electronClipboard: ClipboardPort = {
  writeText: (text) => clipboard.writeText(text),
}
