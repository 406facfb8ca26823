import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({ Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn((t: unknown) => t) } }))

const { appMenuTemplate } = await import('../../../../src-main/app/app-menu')

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])])
}

describe('application menu', () => {
  it.each(['linux', 'win32', 'darwin'] as const)('offers no reload and no devtools in production on %s', (platform) => {
    const roles = flatten(appMenuTemplate({ dev: false, platform })).map((item) => item.role)
    expect(roles).not.toContain('reload')
    expect(roles).not.toContain('forceReload')
    expect(roles).not.toContain('toggleDevTools')
    expect(roles).toContain('editMenu')
  })

  it('keeps copy and paste shortcuts through the edit menu and gives macOS its app menu', () => {
    expect(appMenuTemplate({ dev: false, platform: 'darwin' })[0]).toEqual({ role: 'appMenu' })
    expect(appMenuTemplate({ dev: false, platform: 'linux' }).map((i) => i.role)).not.toContain('appMenu')
  })

  it('lets development reload only with Shift, leaving Ctrl/Cmd+R to the app', () => {
    const roles = flatten(appMenuTemplate({ dev: true, platform: 'linux' })).map((item) => item.role)
    expect(roles).toContain('forceReload')
    expect(roles).not.toContain('reload')
  })
})
