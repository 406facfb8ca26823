import { Menu, Tray, nativeImage } from 'electron'
import { trayMenu, type TrayMenuActions } from '../app/tray-menu'

export interface AppTray {
  /** Rebuilds the menu with the next planned story's line. */
  update(nextLabel: string): void
  destroy(): void
}

/** The system tray icon and its menu; everything it says comes from tray-menu.ts. */
export function createAppTray(iconPath: string, actions: TrayMenuActions, nextLabel: string): AppTray {
  const image = nativeImage.createFromPath(iconPath).resize({ width: 16, height: 16 })
  const tray = new Tray(image)
  tray.setToolTip('Statusdesk')
  // A click on the icon opens the window on Windows and Linux; macOS shows the menu instead.
  tray.on('click', () => actions.open())
  const update = (label: string) => {
    tray.setContextMenu(Menu.buildFromTemplate(trayMenu(actions, label)))
    tray.setToolTip(`Statusdesk — ${label}`)
  }
  update(nextLabel)
  return { update, destroy: () => tray.destroy() }
}
