import { MAIN_TEXTS } from '@shared/i18n/main-texts'
import { MESSAGE_LOCALES } from '@shared/i18n/locales'
import type { UserText } from '@shared/i18n/user-text'
import { describe, expect, it } from 'vitest'
import { createAgentAnnouncer } from '../../../../src-main/agent/announce'
import { createTranslator } from '../../../../src-main/platform/i18n/translator'

const FSI = '\u2068'
const PDI = '\u2069'

/** Every key under `group` (the agent's terminal lines, the errors a device reads), with a value for each parameter. */
function textsUnder(group: 'desktop.agent' | 'errors.agent'): UserText[] {
  const texts: UserText[] = []
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') {
      const names = [...node.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)
      const value = (name: string) =>
        ['port', 'tries', 'seconds'].includes(name) ? 45 : name.endsWith('At') ? '2026-03-01T10:00:00Z' : `--${name}`
      texts.push({
        key: path as UserText['key'],
        ...(names.length > 0 && { params: Object.fromEntries(names.map((name) => [name, value(name)])) }),
      })
      return
    }
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) walk(child, `${path}.${key}`)
  }
  walk(
    group.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], MAIN_TEXTS.en),
    group,
  )
  return texts
}
const texts = () => [...textsUnder('desktop.agent'), ...textsUnder('errors.agent')]
const ownWords = (text: string) => text.replace(new RegExp(`${FSI}[^${PDI}]*${PDI}`, 'g'), '').replaceAll('Statusdesk', '')

describe("the agent's sentences, in every language", () => {
  it.each(MESSAGE_LOCALES)('%s has its own text for each, with every parameter in place', (locale) => {
    expect(texts().length).toBeGreaterThan(20)
    const own = (key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], MAIN_TEXTS[locale])
    const say = createTranslator(locale).say
    for (const text of texts()) {
      expect(typeof own(text.key), text.key).toBe('string')
      const shown = say(text)
      for (const [name, value] of Object.entries(text.params ?? {})) {
        if (typeof value === 'string' && !name.endsWith('At')) expect(shown, text.key).toContain(`${FSI}${value}${PDI}`)
      }
      expect(shown, text.key).not.toMatch(/\{\w+\}/)
    }
  })

  it.each(['ar', 'ru'])('%s: no English word outside the parameters', (locale) => {
    const say = createTranslator(locale).say
    for (const text of texts()) expect(ownWords(say(text)), text.key).not.toMatch(/[A-Za-z]/)
  })

  it.each(['es', 'pt-BR', 'id'])('%s: differs from the English', (locale) => {
    const say = createTranslator(locale).say
    const english = createTranslator('en').say
    for (const text of texts()) expect(say(text), text.key).not.toBe(english(text))
  })

  it('are JSON lines with the event, the sentence and its key; the pairing code is printed whole', () => {
    const written: string[] = []
    const announce = createAgentAnnouncer(createTranslator('ar').say, (text) => written.push(text))
    announce.pairingCode({ code: 'ABCD-EFGH', expiresAt: '2026-03-01T10:10:00.000Z', tries: 5 })
    const line = JSON.parse(written[0]!) as Record<string, unknown>
    expect(line).toMatchObject({ event: 'pairing-code', key: 'desktop.agent.pairing.code', code: 'ABCD-EFGH', tries: 5 })
    expect(line['message']).toContain('ABCD-EFGH')
    expect(line['message']).not.toMatch(/[\u2066-\u2069]/)
    expect(written[0]!.endsWith('\n')).toBe(true)
  })
})
