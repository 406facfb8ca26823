import { describe, expect, it, vi } from 'vitest'
import { chosenLanguage, followLanguageSetting } from '../../../../../src-main/platform/i18n/language'
import { createTranslator } from '../../../../../src-main/platform/i18n/translator'

describe('the language main speaks', () => {
  it('is the one chosen in Settings, else the first system language with a translation', () => {
    expect(chosenLanguage('ar-EG', ['es-ES'])).toBe('ar-EG')
    expect(chosenLanguage(null, ['de-DE', 'es-MX', 'en-US'])).toBe('es-MX')
    expect(chosenLanguage(null, ['de-DE'])).toBe('de-DE')
    expect(chosenLanguage(null, [])).toBe('en')
    // A hand-edited setting Intl refuses is ignored rather than breaking every label.
    expect(chosenLanguage('no such tag!', ['ru-RU'])).toBe('ru-RU')
  })

  it('follows a change in Settings at once, and back to the system’s when set to follow it', () => {
    let settings: { locale: string | null } = { locale: null }
    let listener: (current: { locale: string | null }) => void = () => {}
    const off = vi.fn()
    const translator = createTranslator('en')
    const stop = followLanguageSetting(translator, { get: () => settings, onChange: (next) => ((listener = next), off) }, () => ['pt-BR'])
    expect(translator.locale).toBe('pt-BR')
    settings = { locale: 'id-ID' }
    listener(settings)
    expect(translator.locale).toBe('id-ID')
    settings = { locale: null }
    listener(settings)
    expect(translator.locale).toBe('pt-BR')
    stop()
    expect(off).toHaveBeenCalledOnce()
  })
})
