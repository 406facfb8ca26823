import { describe, expect, it } from 'vitest'
import { createAppI18n } from '../../../../src-renderer/src/i18n'
import ar from '@shared/i18n/ar/index'
import ru from '@shared/i18n/ru/index'
import { formatCount } from '../../../../src-renderer/src/format/numbers'

function tIn(tag: string) {
  const i18n = createAppI18n(tag)
  i18n.global.setLocaleMessage('ru', ru)
  i18n.global.setLocaleMessage('ar', ar)
  return i18n.global.t
}

describe('publish-to-several and audience strings, counted per language', () => {
  it('English: the summary and a CSV import', () => {
    const t = tIn('en-US')
    expect(t('broadcast.summary.title', { sent: formatCount(3, 'en-US'), total: formatCount(4, 'en-US') })).toBe('Published to 3 of 4')
    expect(t('broadcast.summary.waiting', { count: '1' }, 1)).toBe('1 waiting for the connection')
    expect(t('broadcast.audiences.csv.done', { name: 'Customers', count: formatCount(1200, 'en-US') }, 1200)).toBe(
      '“Customers” now holds 1,200 numbers.',
    )
    expect(t('broadcast.audiences.csv.badRows', { rows: '3' }, 1)).toBe('Not a phone number, so not imported: row 3.')
  })

  it('Russian takes its three forms', () => {
    const t = tIn('ru-RU')
    const waiting = (n: number) => t('broadcast.summary.waiting', { count: String(n) }, n)
    expect([1, 2, 5, 21].map(waiting)).toEqual(['1 ждёт подключения', '2 ждут подключения', '5 ждут подключения', '21 ждёт подключения'])
    expect(t('broadcast.audiences.contacts', { count: '0' }, 0)).toBe('нет контактов')
    expect(t('broadcast.audiences.contacts', { count: '3' }, 3)).toBe('3 контакта')
    expect(t('broadcast.audiences.contacts', { count: formatCount(1200, 'ru-RU') }, 1200)).toBe(`${formatCount(1200, 'ru-RU')} контактов`)
  })

  it('Arabic takes its six forms', () => {
    const t = tIn('ar-EG')
    const refused = (n: number) => t('broadcast.summary.refused', { count: String(n) }, n)
    expect([1, 2, 3, 11, 100].map(refused)).toEqual(['رُفض حساب واحد', 'رُفض حسابان', 'رُفضت 3 حسابات', 'رُفض 11 حسابًا', 'رُفض 100 حساب'])
  })
})
