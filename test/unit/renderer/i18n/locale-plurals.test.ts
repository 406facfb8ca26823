import { describe, expect, it } from 'vitest'
import { createAppI18n } from '../../../../src-renderer/src/i18n'
import ar from '@shared/i18n/ar/index'
import { type LocaleTarget, setAppLocale } from '../../../../src-renderer/src/i18n/load-locale'
import { isRtl, pickSystemTag, translationFor } from '@shared/i18n/locales'
import ru from '@shared/i18n/ru/index'

function i18nIn(tag: string) {
  const i18n = createAppI18n(tag)
  i18n.global.setLocaleMessage('ru', ru)
  i18n.global.setLocaleMessage('ar', ar)
  return i18n.global
}

describe('plural forms per language', () => {
  it('gives Russian its three forms, also for a regional tag', () => {
    const { t } = i18nIn('ru-RU')
    const hours = (n: number) => t('prefs.sync.intervalHours', { count: n }, n)
    expect([1, 2, 5, 21, 22, 25, 11, 14].map(hours)).toEqual([
      'Каждый 1 час',
      'Каждые 2 часа',
      'Каждые 5 часов',
      'Каждый 21 час',
      'Каждые 22 часа',
      'Каждые 25 часов',
      'Каждые 11 часов',
      'Каждые 14 часов',
    ])
    expect(t('groups.count', { count: 0 }, 0)).toBe('Нет групп')
    expect(t('groups.count', { count: 3 }, 3)).toBe('3 группы')
  })

  it('gives Arabic its six forms', () => {
    const { t } = i18nIn('ar-EG')
    const groups = (n: number) => t('groups.count', { count: String(n) }, n)
    expect([0, 1, 2, 3, 11, 100].map(groups)).toEqual([
      'لا توجد مجموعات',
      'مجموعة واحدة',
      'مجموعتان',
      '3 مجموعات',
      '11 مجموعة',
      '100 مجموعة',
    ])
  })

  it('keeps English as it was', () => {
    const { t } = i18nIn('en-US')
    expect(t('groups.count', { count: 0 }, 0)).toBe('No groups')
    expect(t('groups.count', { count: 1 }, 1)).toBe('1 group')
    expect(t('prefs.sync.intervalHours', { count: 0 }, 0)).toBe('Every 0 hours')
  })
})

describe('choosing the language', () => {
  it('reads the translation of a region, and Portuguese from any region in Brazilian', () => {
    expect(translationFor('es-MX')).toBe('es')
    expect(translationFor('pt-PT')).toBe('pt-BR')
    expect(translationFor('ar-EG')).toBe('ar')
    expect(translationFor('de-DE')).toBeNull()
    expect(translationFor('not a tag')).toBeNull()
  })

  it('takes the first system language it has a translation for', () => {
    expect(pickSystemTag(['de-DE', 'es-AR', 'en-US'])).toBe('es-AR')
    expect(pickSystemTag(['de-DE', 'fr-FR'])).toBe('de-DE')
    expect(pickSystemTag(['!!', 'ru'])).toBe('ru')
    expect(pickSystemTag([])).toBe('en')
  })

  it('writes Arabic right to left and the others left to right', () => {
    expect(isRtl('ar-SA')).toBe(true)
    expect(['en', 'es', 'pt-BR', 'ru', 'id'].some(isRtl)).toBe(false)
  })

  it('loads a translation on demand and sets the document language and direction', async () => {
    const i18n = createAppI18n('en')
    const root = document.createElement('html')
    await setAppLocale(i18n.global as unknown as LocaleTarget, 'ar-EG', root)
    expect(i18n.global.availableLocales).toContain('ar')
    expect(root.lang).toBe('ar-EG')
    expect(root.dir).toBe('rtl')
    expect(i18n.global.t('frame.sections.groups')).toBe('المجموعات')
    await setAppLocale(i18n.global as unknown as LocaleTarget, 'pt-PT', root)
    expect(i18n.global.t('frame.sections.settings')).toBe('Configurações')
    expect(root.dir).toBe('ltr')
  })

  it('falls back to English for a tag Intl cannot use, instead of breaking dates', async () => {
    const i18n = createAppI18n('en')
    const root = document.createElement('html')
    await setAppLocale(i18n.global as unknown as LocaleTarget, 'x_y', root)
    expect((i18n.global as unknown as LocaleTarget).locale.value).toBe('en')
    expect(root.lang).toBe('en')
  })

  it('lets the later of two quick changes win, whichever translation arrives first', async () => {
    const i18n = createAppI18n('en')
    const target = i18n.global as unknown as LocaleTarget
    const root = document.createElement('html')
    // Arabic is asked first but its chunk is not loaded yet; English needs no loading at all.
    const first = setAppLocale(target, 'ar-EG', root)
    const second = setAppLocale(target, 'en-GB', root)
    await Promise.all([first, second])
    expect(target.locale.value).toBe('en-GB')
    expect(root.dir).toBe('ltr')
  })
})
