import { describe, expect, it } from 'vitest'
import { chosenLanguage } from '../../../../src-main/platform/i18n/language'
import { posixLocaleTag, terminalLanguages } from '../../../../src-main/web/terminal-language'

describe("the terminal's language", () => {
  it('reads a POSIX locale name as a language tag', () => {
    expect(posixLocaleTag('ru_RU.UTF-8')).toBe('ru-RU')
    expect(posixLocaleTag('pt_BR')).toBe('pt-BR')
    expect(posixLocaleTag('es_MX.utf8@euro')).toBe('es-MX')
    expect(posixLocaleTag('ar')).toBe('ar')
    for (const none of ['C', 'C.UTF-8', 'POSIX', '', '  ', '!!']) expect(posixLocaleTag(none)).toBeNull()
  })

  it('takes LC_ALL over LC_MESSAGES over LANG', () => {
    expect(terminalLanguages({ LC_ALL: 'es_ES.UTF-8', LC_MESSAGES: 'ru_RU.UTF-8', LANG: 'id_ID.UTF-8' }, 'en-US')).toEqual(['es-ES'])
    expect(terminalLanguages({ LC_ALL: '', LC_MESSAGES: 'ru_RU.UTF-8', LANG: 'id_ID.UTF-8' }, 'en-US')).toEqual(['ru-RU'])
    expect(terminalLanguages({ LANG: 'id_ID.UTF-8' }, 'en-US')).toEqual(['id-ID'])
  })

  it('ranks the LANGUAGE list first, except under the C locale, as gettext does', () => {
    expect(terminalLanguages({ LANGUAGE: 'de:ar', LANG: 'en_US.UTF-8' }, 'en-US')).toEqual(['de', 'ar', 'en-US'])
    expect(terminalLanguages({ LANGUAGE: 'ru', LANG: 'C.UTF-8' }, 'en-GB')).toEqual(['en-GB'])
  })

  it("falls back on Intl's default when the environment names none", () => {
    expect(terminalLanguages({}, 'pt-BR')).toEqual(['pt-BR'])
    expect(terminalLanguages({ LANG: 'POSIX' }, 'es-MX')).toEqual(['es-MX'])
    expect(terminalLanguages({})).toEqual([new Intl.DateTimeFormat().resolvedOptions().locale])
  })

  it('picks the first language there is a translation for', () => {
    expect(chosenLanguage(null, terminalLanguages({ LANGUAGE: 'de:ar', LANG: 'en_US.UTF-8' }, 'en-US'))).toBe('ar')
    expect(chosenLanguage(null, terminalLanguages({ LANG: 'ru_RU.UTF-8' }, 'en-US'))).toBe('ru-RU')
    expect(chosenLanguage(null, terminalLanguages({ LANG: 'de_DE.UTF-8' }, 'en-US'))).toBe('de-DE')
  })
})
