import { createAppI18n } from '../../../../src-renderer/src/i18n'
import { type Sayable, sayWith, type TextComposer } from '../../../../src-renderer/src/i18n/user-text'

const english = createAppI18n('en-GB').global as unknown as TextComposer

/**
 * What a user of the English interface reads for main's text or error: the key's text in the
 * English catalog with its parameters filled in. Tests compare the screen with this rather than
 * with English prose of their own, which would drift from the catalog.
 */
export function inEnglish(subject: Sayable): string {
  return sayWith(english, subject)
}
