import { beforeEach, describe, expect, it, vi } from 'vitest'

const showOpenDialog = vi.fn()
vi.mock('electron', () => ({
  dialog: { showOpenDialog: (...args: unknown[]) => showOpenDialog(...args) },
  BrowserWindow: { getFocusedWindow: () => null, getAllWindows: () => [] },
}))

const { electronDialogs } = await import('../../../../src-main/adapters/dialogs')
const filters = [{ name: 'Media', extensions: ['jpg'] }]

beforeEach(() => showOpenDialog.mockReset())

describe('electronDialogs.chooseOpenPath (story media)', () => {
  it('asks for one file and gives main its path', async () => {
    showOpenDialog.mockResolvedValue({ canceled: false, filePaths: ['/home/me/Pictures/a.jpg'] })
    expect(await electronDialogs(() => '/tmp').chooseOpenPath({ title: 'Choose', filters })).toBe('/home/me/Pictures/a.jpg')
    expect(showOpenDialog).toHaveBeenCalledWith({ title: 'Choose', filters, properties: ['openFile'] })
  })

  it('returns null when the user closes the dialog', async () => {
    showOpenDialog.mockResolvedValue({ canceled: true, filePaths: [] })
    expect(await electronDialogs(() => '/tmp').chooseOpenPath({ title: 'Choose', filters })).toBeNull()
  })
})
