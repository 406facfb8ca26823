import { Menu, type MenuItemConstructorOptions } from 'electron'
import type en from '@shared/i18n/en/desktop'
import { userText } from '@shared/i18n/user-text'
import type { Say } from '../platform/i18n/translator'

type Item = MenuItemConstructorOptions
type MenuLabel = keyof (typeof en)['desktop']['menu']
const separator: Item = { type: 'separator' }

/**
 * The application menu. Each item keeps its role (its action, shortcut and native behaviour)
 * but carries a label in the user's language: Electron's own role labels are English in every
 * language. The submenus follow Electron's default ones per platform. Electron's default menu
 * binds Ctrl/Cmd+R to Reload, which would throw away the renderer's state and steal the app's
 * own "sync now" shortcut; here reload exists only in development, on Shift+Ctrl/Cmd+R.
 */
export function appMenuTemplate(options: { dev: boolean; platform: NodeJS.Platform; say: Say; newWindow?: () => void }): Item[] {
  const { say, platform } = options
  const mac = platform === 'darwin'
  const label = (name: MenuLabel) => say(userText(`desktop.menu.${name}`))
  const developer: Item[] = options.dev
    ? [{ role: 'forceReload', label: label('forceReload') }, { role: 'toggleDevTools', label: label('toggleDevTools') }, separator]
    : []
  const appMenu: Item = {
    role: 'appMenu',
    submenu: [
      { role: 'about', label: label('about') },
      separator,
      { role: 'services', label: label('services') },
      separator,
      { role: 'hide', label: label('hide') },
      { role: 'hideOthers', label: label('hideOthers') },
      { role: 'unhide', label: label('showAll') },
      separator,
      { role: 'quit', label: label('quitApp') },
    ],
  }
  const quit: Item = { role: 'quit', label: label(platform === 'win32' ? 'exit' : 'quit') }
  // Each window is a client of the one engine, with its own account on screen.
  const newWindow: Item[] = options.newWindow
    ? [{ label: label('newWindow'), accelerator: 'CmdOrCtrl+Shift+N', click: options.newWindow }, separator]
    : []
  const fileMenu: Item = {
    role: 'fileMenu',
    label: label('file'),
    submenu: [...newWindow, mac ? { role: 'close', label: label('closeWindow') } : quit],
  }
  const editMenu = editMenuOf(mac, label)
  const viewMenu: Item = {
    label: label('view'),
    submenu: [
      ...developer,
      { role: 'resetZoom', label: label('actualSize') },
      { role: 'zoomIn', label: label('zoomIn') },
      { role: 'zoomOut', label: label('zoomOut') },
      separator,
      { role: 'togglefullscreen', label: label('toggleFullScreen') },
    ],
  }
  const windowMenu: Item = {
    role: 'windowMenu',
    label: label('window'),
    submenu: [
      { role: 'minimize', label: label('minimize') },
      { role: 'zoom', label: label('zoom') },
      ...(mac
        ? [separator, { role: 'front', label: label('bringAllToFront') } as const]
        : [{ role: 'close', label: label('close') } as const]),
    ],
  }
  return [...(mac ? [appMenu] : []), fileMenu, editMenu, viewMenu, windowMenu]
}

/** The Edit menu: macOS has its own items (paste and match style, speech). */
function editMenuOf(mac: boolean, label: (name: MenuLabel) => string): Item {
  return {
    role: 'editMenu',
    label: label('edit'),
    submenu: [
      { role: 'undo', label: label('undo') },
      { role: 'redo', label: label('redo') },
      separator,
      { role: 'cut', label: label('cut') },
      { role: 'copy', label: label('copy') },
      { role: 'paste', label: label('paste') },
      ...(mac
        ? [
            { role: 'pasteAndMatchStyle', label: label('pasteAndMatchStyle') } as const,
            { role: 'delete', label: label('delete') } as const,
            { role: 'selectAll', label: label('selectAll') } as const,
            separator,
            {
              label: label('speech'),
              submenu: [
                { role: 'startSpeaking', label: label('startSpeaking') },
                { role: 'stopSpeaking', label: label('stopSpeaking') },
              ],
            } satisfies Item,
          ]
        : [{ role: 'delete', label: label('delete') } as const, separator, { role: 'selectAll', label: label('selectAll') } as const]),
    ],
  }
}

/** Installs the menu, and installs it again in the new language whenever the language changes. */
export function installAppMenu(options: {
  dev: boolean
  say: Say
  newWindow?: () => void
  onLanguageChange(listener: () => void): () => void
}): () => void {
  const install = () => Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate({ ...options, platform: process.platform })))
  install()
  return options.onLanguageChange(install)
}
