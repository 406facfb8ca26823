import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { Handlers } from './dispatch'
import type { ClipboardPort } from '../platform/clipboard'

/**
 * `clipboard` is null in web mode: main runs as a server there and cannot reach the user's
 * clipboard, so the page writes it with the browser's own clipboard instead.
 */
export function clipboardHandlers(clipboard: ClipboardPort | null): Pick<Handlers, 'app:copy-text'> {
  return {
    'app:copy-text': ({ text }) => {
      if (!clipboard) throw new AppError('invalid-request', userText('mediaErrors.clipboard.webMode'))
      clipboard.writeText(text)
      return { copied: text.length }
    },
  }
}
