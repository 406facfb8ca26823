import { describe, expect, it } from 'vitest'
import ar from '@shared/i18n/ar/index'
import en from '@shared/i18n/en/index'
import es from '@shared/i18n/es/index'
import id from '@shared/i18n/id/index'
import { MESSAGE_LOCALES } from '@shared/i18n/locales'
import { pluralCategories } from '@shared/i18n/plural-rules'
import ptBR from '@shared/i18n/pt-BR/index'
import ru from '@shared/i18n/ru/index'

const TRANSLATIONS: Record<string, unknown> = { es, 'pt-BR': ptBR, ru, id, ar }

function flatten(node: unknown, path: string[] = [], out = new Map<string, unknown>()): Map<string, unknown> {
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, [...path, key], out)
  } else out.set(path.join('.'), node)
  return out
}

function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*\}/g)].map((m) => m[1]!))].sort()
}

const english = flatten(en)

describe('every catalog, English included', () => {
  it('ends no sentence with an ellipsis and then a full stop ("Publish at…."): a control named at the end is quoted', () => {
    const doubled: string[] = []
    for (const [code, messages] of Object.entries({ en, ...TRANSLATIONS }))
      for (const [key, text] of flatten(messages)) if (typeof text === 'string' && /(…|\.\.\.)\./.test(text)) doubled.push(`${code} ${key}`)
    expect(doubled).toEqual([])
  })
})

describe('translations', () => {
  it('cover every translated language but English', () => {
    expect(Object.keys(TRANSLATIONS).sort()).toEqual(MESSAGE_LOCALES.filter((code) => code !== 'en').sort())
  })

  for (const [code, messages] of Object.entries(TRANSLATIONS)) {
    describe(code, () => {
      const translated = flatten(messages)

      it('has every key English has, and no other', () => {
        const missing = [...english.keys()].filter((key) => !translated.has(key))
        const extra = [...translated.keys()].filter((key) => !english.has(key))
        expect({ missing, extra }).toEqual({ missing: [], extra: [] })
        expect(translated.size).toBeGreaterThan(500)
      })

      it('keeps the placeholders of each English message', () => {
        const differing: string[] = []
        for (const [key, source] of english) {
          const target = translated.get(key)
          if (typeof source !== 'string' || typeof target !== 'string') {
            if (typeof target !== typeof source) differing.push(`${key}: not a string`)
            continue
          }
          if (placeholders(source).join() !== placeholders(target).join()) {
            differing.push(`${key}: {${placeholders(target).join('}, {')}} instead of {${placeholders(source).join('}, {')}}`)
          }
        }
        expect(differing).toEqual([])
      })

      it('gives counted messages one form per plural category of the language (and maybe one for zero)', () => {
        const categories = pluralCategories(code).length
        const wrong: string[] = []
        for (const [key, source] of english) {
          const target = translated.get(key)
          if (typeof source !== 'string' || typeof target !== 'string') continue
          const forms = target.split('|').length
          if (!source.includes('|')) {
            if (forms !== 1) wrong.push(`${key}: ${forms} forms where English has one`)
          } else if (forms !== categories && forms !== categories + 1) {
            wrong.push(`${key}: ${forms} forms, expected ${categories} or ${categories + 1}`)
          }
        }
        expect(wrong).toEqual([])
      })

      it('keeps product names and leaves no English sentence untranslated', () => {
        expect(translated.get('app.name')).toBe('Statusdesk')
        const same = [...english].filter(
          ([key, text]) => typeof text === 'string' && text.split(' ').length >= 4 && translated.get(key) === text,
        )
        expect(same.map(([key]) => key)).toEqual([])
      })
    })
  }
})
