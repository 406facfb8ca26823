import { ERROR_CODES } from '@shared/errors'
import { MESSAGE_LOCALES } from '@shared/i18n/locales'
import { MAIN_TEXTS } from '@shared/i18n/main-texts'
import type { ParamValue, UserText } from '@shared/i18n/user-text'
import { describe, expect, it } from 'vitest'
import { createTranslator } from '../../../../../src-main/platform/i18n/translator'

/**
 * Every text main can say (errors, notices, the tray, menus, dialogs, notifications, web mode's
 * terminal), rendered through main's own translator in each of the six languages: each locale
 * has every key itself (no fallback to English), every placeholder is filled, and Arabic and
 * Russian carry no English word.
 */

const FSI = '\u2068'
const PDI = '\u2069'

function leaves(node: unknown, path: string[] = [], out: Array<[string, string]> = []): Array<[string, string]> {
  if (typeof node === 'string') out.push([path.join('.'), node])
  else if (node && typeof node === 'object') for (const [key, value] of Object.entries(node)) leaves(value, [...path, key], out)
  return out
}

const ENGLISH = leaves(MAIN_TEXTS.en)

function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*\}/g)].map((match) => match[1]!))]
}

/** A value for each parameter, of the kind its name says; strings are digits, so they add no Latin word. */
function sample(name: string, count: number): ParamValue {
  if (name === 'count') return count
  if (name === 'at' || name.endsWith('At')) return '2026-03-29T01:30:00.000Z'
  if (
    [
      'seconds',
      'size',
      'limit',
      'bytes',
      'maxBytes',
      'status',
      'port',
      'version',
      'max',
      'line',
      'row',
      'found',
      'length',
      'first',
    ].includes(name)
  )
    return 5_242_881
  return '12345'
}

function textFor(key: string, english: string, count: number): UserText {
  const names = placeholders(english)
  if (names.length === 0) return { key } as UserText
  return { key, params: Object.fromEntries(names.map((name) => [name, sample(name, count)])) } as UserText
}

/** What a translation writes itself: isolated parameters, addresses, notations and the product's name and a few acronyms aside. */
function ownWords(text: string): string {
  return text
    .replace(new RegExp(`${FSI}[^${PDI}]*${PDI}`, 'g'), '')
    .replace(/https?:\/\/[^\s)]*/g, '')
    .replace(/#[A-Z]{6,8}\b/g, '')
    .replace(/Statusdesk|\b(QR|HTTPS?|JSON|CSV|API|URL|JPEG)\b/g, '')
}

describe('main’s texts in every language', () => {
  it('has a text for every error code', () => {
    const keys = new Set(ENGLISH.map(([key]) => key))
    expect(ERROR_CODES.filter((code) => !keys.has(`errors.codes.${code}`))).toEqual([])
  })

  it('holds hundreds of texts, all of them in every translation', () => {
    expect(ENGLISH.length).toBeGreaterThan(300)
    for (const locale of MESSAGE_LOCALES) {
      const own = new Set(leaves(MAIN_TEXTS[locale]).map(([key]) => key))
      expect({ locale, missing: ENGLISH.map(([key]) => key).filter((key) => !own.has(key)) }).toEqual({ locale, missing: [] })
    }
  })

  for (const locale of MESSAGE_LOCALES) {
    it(`renders every text in ${locale}, each placeholder filled and no key left showing`, () => {
      const translator = createTranslator(locale, { timeZone: 'UTC' })
      const english = createTranslator('en', { timeZone: 'UTC' })
      const problems: string[] = []
      for (const [key, source] of ENGLISH) {
        for (const count of source.includes('|') ? [0, 1, 2, 3, 5, 11, 21, 100] : [3]) {
          const text = textFor(key, source, count)
          const said = translator.say(text)
          if (!said.trim()) problems.push(`${key}: empty`)
          if (/\{\s*\w+\s*\}/.test(said)) problems.push(`${key}: a placeholder left in “${said}”`)
          if (said === english.say({ key: 'errors.codes.internal' }) && key !== 'errors.codes.internal') problems.push(`${key}: not found`)
          if (locale !== 'en' && said === english.say(text) && source.split(' ').length >= 4) problems.push(`${key}: the English text`)
          if ((locale === 'ar' || locale === 'ru') && /[A-Za-z]{2,}/.test(ownWords(said))) problems.push(`${key}: English in “${said}”`)
        }
      }
      expect(problems).toEqual([])
    })
  }
})
