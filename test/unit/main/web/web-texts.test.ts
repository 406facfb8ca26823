import { MAIN_TEXTS } from '@shared/i18n/main-texts'
import { MESSAGE_LOCALES } from '@shared/i18n/locales'
import type { UserText } from '@shared/i18n/user-text'
import { describe, expect, it } from 'vitest'
import { createTranslator } from '../../../../src-main/platform/i18n/translator'

const FSI = '\u2068'
const PDI = '\u2069'
/** Every key under `desktop.web`, with a value for each of its parameters. */
function webTexts(): UserText[] {
  const texts: UserText[] = []
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') {
      const names = [...node.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)
      const params = Object.fromEntries(names.map((name) => [name, name === 'port' ? 4567 : `--${name}`]))
      texts.push({ key: path as UserText['key'], ...(names.length > 0 && { params }) })
      return
    }
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) walk(value, `${path}.${key}`)
  }
  walk((MAIN_TEXTS.en as { desktop: { web: unknown } }).desktop.web, 'desktop.web')
  return texts
}
const ownWords = (text: string) => text.replace(new RegExp(`${FSI}[^${PDI}]*${PDI}`, 'g'), '').replaceAll('Statusdesk', '')

describe("web mode's command line, in every language", () => {
  it.each(MESSAGE_LOCALES)('%s has its own text for each, with every parameter in place', (locale) => {
    const texts = webTexts()
    expect(texts.length).toBeGreaterThan(15)
    const own = (key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], MAIN_TEXTS[locale])
    const say = createTranslator(locale).say
    for (const text of texts) {
      expect(typeof own(text.key), text.key).toBe('string')
      const shown = say(text)
      for (const value of Object.values(text.params ?? {})) expect(shown, text.key).toContain(`${FSI}${value}${PDI}`)
    }
  })

  it.each(['ar', 'ru'])('%s: no English word outside the parameters', (locale) => {
    const say = createTranslator(locale).say
    for (const text of webTexts()) expect(ownWords(say(text)), text.key).not.toMatch(/[A-Za-z]/)
  })

  it.each(['es', 'pt-BR', 'id'])('%s: differs from the English', (locale) => {
    const say = createTranslator(locale).say
    const english = createTranslator('en').say
    for (const text of webTexts()) expect(say(text), text.key).not.toBe(english(text))
  })
})
