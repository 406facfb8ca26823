import { Menu, type MenuItemConstructorOptions } from 'electron'

/**
 * The application menu, built from roles so labels follow the OS language. Electron's
 * default menu binds Ctrl/Cmd+R to Reload, which would throw away the renderer's state
 * and steal the app's own "sync now" shortcut; here reload exists only in development,
 * on Shift+Ctrl/Cmd+R.
 */
export function appMenuTemplate(options: { dev: boolean; platform: NodeJS.Platform }): MenuItemConstructorOptions[] {
  const developer: MenuItemConstructorOptions[] = options.dev
    ? [{ role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }]
    : []
  return [
    ...(options.platform === 'darwin' ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...developer,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ]
}

export function installAppMenu(options: { dev: boolean }): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate({ ...options, platform: process.platform })))
}
