import { Menu, Tray, nativeImage } from 'electron'
import type { UserText } from '@shared/i18n/user-text'
import { trayMenu, trayTooltip, type TrayMenuActions } from '../app/tray-menu'
import type { Say } from '../platform/i18n/translator'

export interface AppTray {
  /** Builds the menu again with the next planned story's line, every line in the current language. */
  update(next: UserText): void
  destroy(): void
}

/** The system tray icon and its menu; everything it says comes from tray-menu.ts, in the language `say` speaks. */
export function createAppTray(iconPath: string, actions: TrayMenuActions, next: UserText, say: Say): AppTray {
  const image = nativeImage.createFromPath(iconPath).resize({ width: 16, height: 16 })
  const tray = new Tray(image)
  // A click on the icon opens the window on Windows and Linux; macOS shows the menu instead.
  tray.on('click', () => actions.open())
  const update = (line: UserText) => {
    tray.setContextMenu(Menu.buildFromTemplate(trayMenu(actions, line, say)))
    tray.setToolTip(trayTooltip(line, say))
  }
  update(next)
  return { update, destroy: () => tray.destroy() }
}
