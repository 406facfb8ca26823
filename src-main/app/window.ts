import { BrowserWindow, type Session, type WebContents, nativeTheme, shell } from 'electron'
import { contentSecurityPolicy } from '../platform/net/csp'
import { safeExternalUrl } from './external-url'

/**
 * Every hardening setting of the app lives in this module: window preferences, the
 * session's permission and download policy, navigation and new-window rules.
 */

export interface MainWindowOptions {
  preloadPath: string
  url: string
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 880,
    minHeight: 560,
    show: false,
    title: 'Statusdesk',
    // Matches the first paint of the renderer so the window never flashes white.
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#14161a' : '#f6f7f9',
    webPreferences: {
      preload: options.preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: true,
    },
  })
  win.once('ready-to-show', () => win.show())
  hardenWebContents(win.webContents)
  void win.loadURL(options.url)
  return win
}

export function openExternalSafely(raw: string): boolean {
  const url = safeExternalUrl(raw)
  if (url) void shell.openExternal(url)
  return url !== null
}

export function hardenWebContents(contents: WebContents): void {
  // The app is a single page: any navigation is a link or an injected redirect.
  contents.on('will-navigate', (event, url) => {
    event.preventDefault()
    openExternalSafely(url)
  })
  contents.on('will-redirect', (event) => event.preventDefault())
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    openExternalSafely(url)
    return { action: 'deny' }
  })
}

export function hardenSession(session: Session, options: { dev: boolean }): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.setDevicePermissionHandler(() => false)
  // Files are saved through main's dialogs, never through renderer downloads.
  session.on('will-download', (event) => event.preventDefault())
  if (options.dev) {
    // The production CSP comes with the app protocol's responses; the dev server needs its own.
    session.webRequest.onHeadersReceived((details, callback) => {
      callback({
        responseHeaders: {
          ...details.responseHeaders,
          'Content-Security-Policy': [contentSecurityPolicy({ dev: true })],
        },
      })
    })
  }
}
