import { MAIN_TEXTS } from '@shared/i18n/main-texts'
import { MESSAGE_LOCALES, type MessageLocale } from '@shared/i18n/locales'
import type { UserText } from '@shared/i18n/user-text'
import type { StoryNotification } from '@shared/channels/outbox'
import { describe, expect, it, vi } from 'vitest'
import { nextDueText, quitQuestion, trayMenu, trayTooltip } from '../../../../src-main/app/tray-menu'
import { notificationText } from '../../../../src-main/features/stories/outbox/story-notification'
import { MEDIA_OPEN_DIALOG } from '../../../../src-main/features/stories/media/open-dialog'
import { createTranslator } from '../../../../src-main/platform/i18n/translator'
import { textSummary } from './text-summary'

const showMessageBox = vi.fn(async (_options: { buttons: string[]; title: string; message: string; detail: string }) => ({ response: 0 }))
vi.mock('electron', () => ({
  Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn((t: unknown) => t) },
  BrowserWindow: { getFocusedWindow: () => null, getAllWindows: () => [] },
  dialog: { showMessageBox: (options: Parameters<typeof showMessageBox>[0]) => showMessageBox(options) },
  app: {},
}))
vi.mock('electron-updater', () => ({ default: { autoUpdater: {} } }))

const { appMenuTemplate } = await import('../../../../src-main/app/app-menu')
const { confirmFeedInDialog } = await import('../../../../src-main/adapters/updater')

const FSI = '\u2068'
const PDI = '\u2069'
/** What a locale's own words are: the text without its parameters (data such as a caption) and without the product's name. */
const ownWords = (text: string) => text.replace(new RegExp(`${FSI}[^${PDI}]*${PDI}`, 'g'), '').replaceAll('Statusdesk', '')

const summary = textSummary
const OUTCOMES: Array<StoryNotification['outcome']> = ['published', 'failed', 'unknown', 'missed']
const actions = { open: () => {}, syncNow: () => {}, quit: () => {} }

/** A text's own string in one translation, without falling back to another. */
function ownText(locale: MessageLocale, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], MAIN_TEXTS[locale])
}

/** Everything main shows natively, said in one language: each string with the text it came from. */
async function everything(tag: string): Promise<Array<{ text: UserText; shown: string }>> {
  const translator = createTranslator(tag)
  const said: Array<{ text: UserText; shown: string }> = []
  const say = (text: UserText) => {
    const shown = translator.say(text)
    said.push({ text, shown })
    return shown
  }
  for (const next of [
    nextDueText({ dueAt: '2026-06-01T07:00:00Z', summary: summary('Sunrise over the bay') }, tag, 'UTC'),
    nextDueText({ dueAt: '2026-06-01T07:00:00Z', summary: summary('') }, tag, 'UTC'),
    nextDueText(null, tag),
  ]) {
    trayMenu(actions, next, say)
    trayTooltip(next, say)
  }
  for (const count of [1, 2, 3, 5, 11, 21, 100]) {
    const question = quitQuestion(count)
    for (const text of [question.message, question.detail, question.keepRunning, question.quit]) say(text)
  }
  for (const outcome of OUTCOMES) {
    for (const account of [undefined, 'Shop']) {
      for (const text of ['', 'Sunrise over the bay']) {
        const words = notificationText({ outcome, text, ...(account && { account }) })
        say(words.title)
        say(words.body)
      }
    }
  }
  for (const platform of ['darwin', 'win32', 'linux'] as const) appMenuTemplate({ dev: true, platform, say })
  say(MEDIA_OPEN_DIALOG.title)
  for (const filter of MEDIA_OPEN_DIALOG.filters) say(filter.name)
  await confirmFeedInDialog(say)(new URL('https://updates.example.com/statusdesk/'))
  return said
}

describe('what main shows natively, in every language', () => {
  it.each(MESSAGE_LOCALES)('%s has its own text for every key main says', async (locale) => {
    const said = await everything(locale)
    expect(said.length).toBeGreaterThan(100)
    const missing = [...new Set(said.map(({ text }) => text.key))].filter((key) => typeof ownText(locale, key) !== 'string')
    expect(missing).toEqual([])
    for (const { shown } of said) {
      expect(shown).not.toMatch(/desktop\.|errors\./)
      expect(shown.trim()).not.toBe('')
    }
  })

  it.each(['ar', 'ar-EG', 'ru', 'ru-RU'])(
    '%s: the tray, the menus, the quit question, notifications and dialogs have no English word',
    async (tag) => {
      for (const { text, shown } of await everything(tag)) expect(ownWords(shown), text.key).not.toMatch(/[A-Za-z]/)
    },
  )

  it.each(['es-ES', 'es-MX', 'pt-BR', 'pt-PT', 'id-ID'])(
    '%s: the tray, the quit question and notifications differ from the English',
    async (tag) => {
      const english = createTranslator('en')
      const checked = (await everything(tag)).filter(
        ({ text }) => /^desktop\.(tray|quit|notifications)\./.test(text.key) && text.key !== 'desktop.tray.tooltip',
      )
      expect(checked.length).toBeGreaterThan(50)
      for (const { text, shown } of checked) expect(shown, text.key).not.toBe(english.say(text))
    },
  )

  it('asks the update-address question in the language of the moment, naming the host and the address', async () => {
    showMessageBox.mockClear()
    await confirmFeedInDialog(createTranslator('es-ES').say)(new URL('https://updates.example.com/statusdesk/'))
    expect(showMessageBox).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Dirección de actualizaciones',
        buttons: ['Mantener la dirección actual', 'Usar esta dirección'],
        message: `¿Descargar las actualizaciones de Statusdesk desde ${FSI}updates.example.com${PDI}?`,
        detail: expect.stringContaining(`${FSI}https://updates.example.com/statusdesk/${PDI}`) as unknown,
        cancelId: 0,
      }),
    )
  })
})
