import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { createTranslator } from '../../../../src-main/platform/i18n/translator'

const setApplicationMenu = vi.fn()
vi.mock('electron', () => ({
  Menu: { setApplicationMenu: (menu: unknown) => setApplicationMenu(menu), buildFromTemplate: vi.fn((t: unknown) => t) },
}))

const { appMenuTemplate, installAppMenu } = await import('../../../../src-main/app/app-menu')
const say = createTranslator('en-US').say

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])])
}

describe('application menu', () => {
  it.each(['linux', 'win32', 'darwin'] as const)('offers no reload and no devtools in production on %s', (platform) => {
    const roles = flatten(appMenuTemplate({ dev: false, platform, say })).map((item) => item.role)
    expect(roles).not.toContain('reload')
    expect(roles).not.toContain('forceReload')
    expect(roles).not.toContain('toggleDevTools')
    expect(roles).toContain('editMenu')
  })

  it('keeps copy and paste shortcuts through the edit menu and gives macOS its app menu', () => {
    expect(appMenuTemplate({ dev: false, platform: 'darwin', say })[0]).toMatchObject({ role: 'appMenu' })
    expect(appMenuTemplate({ dev: false, platform: 'linux', say }).map((i) => i.role)).not.toContain('appMenu')
    const roles = flatten(appMenuTemplate({ dev: false, platform: 'win32', say })).map((item) => item.role)
    expect(roles).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']))
  })

  it('lets development reload only with Shift, leaving Ctrl/Cmd+R to the app', () => {
    const roles = flatten(appMenuTemplate({ dev: true, platform: 'linux', say })).map((item) => item.role)
    expect(roles).toContain('forceReload')
    expect(roles).not.toContain('reload')
  })

  it.each(['linux', 'win32', 'darwin'] as const)('labels every item on %s, since Electron’s role labels are English only', (platform) => {
    const items = flatten(appMenuTemplate({ dev: true, platform, say: createTranslator('ru-RU').say }))
    // macOS names the app menu after the app, whatever its label.
    const labelled = items.filter((item) => item.type !== 'separator' && item.role !== 'appMenu')
    expect(labelled.length).toBeGreaterThan(10)
    for (const item of labelled) expect(item.label, String(item.role)).toMatch(/^[^A-Za-z]+( Statusdesk)?$/)
  })

  it('follows each platform’s own word for quitting', () => {
    const quitLabel = (platform: NodeJS.Platform) =>
      flatten(appMenuTemplate({ dev: false, platform, say })).find((item) => item.role === 'quit')?.label
    expect(quitLabel('win32')).toBe('Exit')
    expect(quitLabel('linux')).toBe('Quit')
    expect(quitLabel('darwin')).toBe('Quit Statusdesk')
  })

  it('is installed again in the new language when the language changes', () => {
    const translator = createTranslator('en-US')
    const stop = installAppMenu({ dev: false, say: translator.say, onLanguageChange: (listener) => translator.onChange(listener) })
    const fileLabel = () =>
      (setApplicationMenu.mock.lastCall![0] as MenuItemConstructorOptions[]).find((item) => item.role === 'fileMenu')?.label
    expect(fileLabel()).toBe('File')
    translator.setLocale('es-MX')
    expect(setApplicationMenu).toHaveBeenCalledTimes(2)
    expect(fileLabel()).toBe('Archivo')
    stop()
    translator.setLocale('ar-SA')
    expect(setApplicationMenu).toHaveBeenCalledTimes(2)
  })
})
