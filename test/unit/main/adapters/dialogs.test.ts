import { beforeEach, describe, expect, it, vi } from 'vitest'

const showSaveDialog = vi.fn()
vi.mock('electron', () => ({
  dialog: { showSaveDialog: (...args: unknown[]) => showSaveDialog(...args) },
  BrowserWindow: { getFocusedWindow: () => null, getAllWindows: () => [] },
}))

const { electronDialogs } = await import('../../../../src-main/adapters/dialogs')

beforeEach(() => showSaveDialog.mockReset())

describe('electronDialogs', () => {
  it('proposes the file name in the default folder and returns the chosen path', async () => {
    showSaveDialog.mockResolvedValue({ canceled: false, filePath: '/home/me/groups.csv' })
    const path = await electronDialogs(() => '/home/me/Downloads').chooseSavePath({
      title: 'Export groups',
      defaultName: 'groups.csv',
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    })
    expect(path).toBe('/home/me/groups.csv')
    expect(showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({ defaultPath: '/home/me/Downloads/groups.csv', filters: [{ name: 'CSV', extensions: ['csv'] }] }),
    )
  })

  it('returns null when the user cancels', async () => {
    showSaveDialog.mockResolvedValue({ canceled: true, filePath: '' })
    expect(await electronDialogs(() => '/tmp').chooseSavePath({ title: 't', defaultName: 'a.csv', filters: [] })).toBeNull()
  })
})
