import { userText } from '@shared/i18n/user-text'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createTranslator } from '../../../../src-main/platform/i18n/translator'

const showSaveDialog = vi.fn()
vi.mock('electron', () => ({
  dialog: { showSaveDialog: (...args: unknown[]) => showSaveDialog(...args) },
  BrowserWindow: { getFocusedWindow: () => null, getAllWindows: () => [] },
}))

const { electronDialogs } = await import('../../../../src-main/adapters/dialogs')
const say = createTranslator('id-ID').say

beforeEach(() => showSaveDialog.mockReset())

describe('electronDialogs', () => {
  it('proposes the file name in the default folder and returns the chosen path', async () => {
    showSaveDialog.mockResolvedValue({ canceled: false, filePath: '/home/me/groups.csv' })
    const path = await electronDialogs(() => '/home/me/Downloads', say).chooseSavePath({
      title: userText('desktop.saveDialog.groups'),
      defaultName: 'groups.csv',
      filters: [{ name: userText('desktop.saveDialog.csvFiles'), extensions: ['csv'] }],
    })
    expect(path).toBe('/home/me/groups.csv')
    expect(showSaveDialog).toHaveBeenCalledWith(expect.objectContaining({ defaultPath: '/home/me/Downloads/groups.csv' }))
  })

  it('returns null when the user cancels', async () => {
    showSaveDialog.mockResolvedValue({ canceled: true, filePath: '' })
    expect(
      await electronDialogs(() => '/tmp', say).chooseSavePath({
        title: userText('desktop.saveDialog.groups'),
        defaultName: 'a.csv',
        filters: [],
      }),
    ).toBeNull()
  })

  it('says a title and filter names given as texts in the user’s language', async () => {
    showSaveDialog.mockResolvedValue({ canceled: true, filePath: '' })
    await electronDialogs(() => '/tmp', say).chooseSavePath({
      title: userText('desktop.saveDialog.groups'),
      defaultName: 'groups.csv',
      filters: [{ name: userText('desktop.saveDialog.csvFiles'), extensions: ['csv'] }],
    })
    expect(showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Ekspor grup', filters: [{ name: 'Berkas CSV', extensions: ['csv'] }] }),
    )
  })
})
