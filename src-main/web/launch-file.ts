import { open, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { isRtl } from '@shared/i18n/locales'
import { type UserText, userText } from '@shared/i18n/user-text'
import type { Translator } from '../platform/i18n/translator'

const FILE = 'open-statusdesk.html'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

type Language = Pick<Translator, 'say' | 'locale'>

/** The page: it sends the browser on at once, and says so in `language` in case it lingers. */
export function launchPage(url: string, language: Language): string {
  const href = escapeHtml(url)
  const say = (text: UserText) => escapeHtml(language.say(text))
  const dir = isRtl(language.locale) ? ' dir="rtl"' : ''
  // developer-only: markup; the words a person reads are the translated texts put into it.
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(language.locale)}"${dir}><head><meta charset="utf-8">`,
    '<meta name="referrer" content="no-referrer">',
    `<meta http-equiv="refresh" content="0;url=${href}">`,
    `<title>${say(userText('desktop.web.launch.title'))}</title></head>`,
    `<body><p>${say(userText('desktop.web.launch.body'))}</p>`,
    `<p><a href="${href}">${say(userText('desktop.web.launch.link'))}</a></p></body></html>`,
    '',
  ].join('\n')
}

/**
 * Writes the page that sends the browser on to `url` (the address with the secret), readable
 * by the owner only. The browser is started on this file rather than on the address, because
 * a command line is visible to every user of the machine (`ps`) and a file readable only by
 * its owner is not. Notebook servers do the same.
 */
export async function writeLaunchFile(dataDir: string, url: string, language: Language): Promise<{ path: string; fileUrl: string }> {
  const path = join(dataDir, FILE)
  // A fresh file each start: 'wx' never follows a link planted in its place, and the mode is set at creation.
  await rm(path, { force: true })
  const handle = await open(path, 'wx', 0o600)
  try {
    await handle.writeFile(launchPage(url, language))
  } finally {
    await handle.close()
  }
  return { path, fileUrl: pathToFileURL(path).href }
}

/** The file holds this launch's secret: it goes when web mode stops. */
export async function removeLaunchFile(path: string): Promise<void> {
  await rm(path, { force: true })
}
