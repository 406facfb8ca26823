import { BrowserWindow, dialog } from 'electron'
import type { DialogsPort } from '../features/export/dialogs'
import type { OpenDialogPort } from '../features/stories/media/open-dialog'
import { join } from 'node:path'

/** The native save and open dialogs, attached to the app's window; `defaultDir` is where a save dialog opens. */
export function electronDialogs(defaultDir: () => string): DialogsPort & OpenDialogPort {
  return {
    async chooseSavePath({ title, defaultName, filters }) {
      const options = {
        title,
        defaultPath: join(defaultDir(), defaultName),
        filters,
        properties: ['createDirectory' as const, 'showOverwriteConfirmation' as const],
      }
      const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]
      const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options)
      return result.canceled || !result.filePath ? null : result.filePath
    },
    async chooseOpenPath({ title, filters }) {
      const options = { title, filters, properties: ['openFile' as const] }
      const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]
      const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options)
      return result.canceled ? null : (result.filePaths[0] ?? null)
    },
  }
}
