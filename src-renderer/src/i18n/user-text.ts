import { type AppErrorData, codeText } from '@shared/errors'
import { formatParams, pluralOf } from '@shared/i18n/text-params'
import type { UserText } from '@shared/i18n/user-text'
import { useI18n } from 'vue-i18n'

/** What can be said: a text main sent, an error, or nothing yet. */
export type Sayable = UserText | AppErrorData | null | undefined

/** The part of vue-i18n's composer that rendering a text needs. */
export interface TextComposer {
  t(key: string, named: Record<string, unknown>, plural: number): string
  t(key: string, named: Record<string, unknown>): string
  te(key: string, locale?: string): boolean
  locale: { value: string }
}

function isError(subject: UserText | AppErrorData): subject is AppErrorData {
  return 'code' in subject && 'text' in subject
}

/**
 * Renders what main said in the interface's language: the key from the catalogs, its parameters
 * formatted for the locale and isolated for right-to-left text. A key this version does not
 * know (an item written by a newer version) reads as its error code's text.
 */
export function sayWith(i18n: TextComposer, subject: Sayable): string {
  if (!subject) return ''
  const text = isError(subject) ? subject.text : subject
  const known = i18n.te(text.key, 'en')
  const shown = known ? text : isError(subject) ? codeText(subject.code) : codeText('internal')
  const named = formatParams(shown.params, i18n.locale.value)
  const plural = pluralOf(shown.params)
  return plural === undefined ? i18n.t(shown.key, named) : i18n.t(shown.key, named, plural)
}

/** The lines an error keeps besides its text: what the server said, and what was recorded by an older version. */
export function errorExtras(i18n: TextComposer, error: AppErrorData | null | undefined): string[] {
  const details = error?.details
  if (!details) return []
  const lines: string[] = []
  const server = details['server'] as { message?: unknown } | undefined
  if (typeof server?.message === 'string' && server.message.trim()) {
    lines.push(i18n.t('errors.serverSaid', { said: formatParams({ said: server.message.trim() }, i18n.locale.value)['said'] }))
  }
  if (details['kept'] === true) lines.push(i18n.t('groupErrors.sync.kept', {}))
  if (typeof details['recorded'] === 'string') {
    lines.push(i18n.t('errors.recorded', { detail: formatParams({ detail: details['recorded'] }, i18n.locale.value)['detail'] }))
  }
  return lines
}

/** `say(error)` in a component: the text of an error, a notice or any UserText, in the chosen language. */
export function useSay(): { say: (subject: Sayable) => string; extras: (error: AppErrorData | null | undefined) => string[] } {
  const i18n = useI18n() as unknown as TextComposer
  return { say: (subject) => sayWith(i18n, subject), extras: (error) => errorExtras(i18n, error) }
}
