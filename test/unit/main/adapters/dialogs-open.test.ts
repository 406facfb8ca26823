import { userText } from '@shared/i18n/user-text'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createTranslator } from '../../../../src-main/platform/i18n/translator'

const showOpenDialog = vi.fn()
vi.mock('electron', () => ({
  dialog: { showOpenDialog: (...args: unknown[]) => showOpenDialog(...args) },
  BrowserWindow: { getFocusedWindow: () => null, getAllWindows: () => [] },
}))

const { electronDialogs } = await import('../../../../src-main/adapters/dialogs')
const { MEDIA_OPEN_DIALOG } = await import('../../../../src-main/features/stories/media/open-dialog')
const translator = createTranslator('en-US')
const filters = [{ name: userText('desktop.openDialog.allFiles'), extensions: ['jpg'] }]
const options = { title: userText('desktop.openDialog.media'), filters }

beforeEach(() => {
  showOpenDialog.mockReset()
  translator.setLocale('en-US')
})

describe('electronDialogs.chooseOpenPath (story media)', () => {
  it('asks for one file and gives main its path', async () => {
    showOpenDialog.mockResolvedValue({ canceled: false, filePaths: ['/home/me/Pictures/a.jpg'] })
    expect(await electronDialogs(() => '/tmp', translator.say).chooseOpenPath(options)).toBe('/home/me/Pictures/a.jpg')
    expect(showOpenDialog).toHaveBeenCalledWith({
      title: 'Choose an image, a video or an audio file',
      filters: [{ name: 'All files', extensions: ['jpg'] }],
      properties: ['openFile'],
    })
  })

  it('returns null when the user closes the dialog', async () => {
    showOpenDialog.mockResolvedValue({ canceled: true, filePaths: [] })
    expect(await electronDialogs(() => '/tmp', translator.say).chooseOpenPath(options)).toBeNull()
  })

  it('titles the composer’s dialog and names its filters in the language current when it opens', async () => {
    showOpenDialog.mockResolvedValue({ canceled: true, filePaths: [] })
    const dialogs = electronDialogs(() => '/tmp', translator.say)
    translator.setLocale('pt-BR')
    await dialogs.chooseOpenPath(MEDIA_OPEN_DIALOG)
    expect(showOpenDialog).toHaveBeenCalledWith({
      title: 'Escolha uma imagem, um vídeo ou um áudio',
      filters: [
        { name: 'Imagens, vídeos e áudio', extensions: expect.arrayContaining(['jpg', 'mp4', 'mp3']) as unknown },
        { name: 'Todos os arquivos', extensions: ['*'] },
      ],
      properties: ['openFile'],
    })
  })
})
