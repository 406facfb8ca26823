import { BrowserWindow, dialog } from 'electron'
import type { UserText } from '@shared/i18n/user-text'
import type { Say } from '../platform/i18n/translator'
import type { DialogsPort, SaveDialogOptions } from '../features/export/dialogs'
import type { OpenDialogPort } from '../features/stories/media/open-dialog'
import { join } from 'node:path'

/**
 * The native save and open dialogs, attached to the app's window; `defaultDir` is where a save
 * dialog opens, and titles and filter names are said in the language current when it opens.
 */
export function electronDialogs(defaultDir: () => string, say: Say): DialogsPort & OpenDialogPort {
  const filtersOf = (filters: Array<{ name: UserText; extensions: string[] }>) =>
    filters.map(({ name, extensions }) => ({ name: say(name), extensions }))
  const saveDialog = {
    async chooseSavePath({ title, defaultName, filters }: SaveDialogOptions) {
      const options = {
        title: say(title),
        defaultPath: join(defaultDir(), defaultName),
        filters: filtersOf(filters),
        properties: ['createDirectory' as const, 'showOverwriteConfirmation' as const],
      }
      const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]
      const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options)
      return result.canceled || !result.filePath ? null : result.filePath
    },
  }
  return {
    ...saveDialog,
    async chooseOpenPath({ title, filters }) {
      const options = { title: say(title), filters: filtersOf(filters), properties: ['openFile' as const] }
      const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]
      const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options)
      return result.canceled ? null : (result.filePaths[0] ?? null)
    },
  }
}
