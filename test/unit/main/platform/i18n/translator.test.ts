import { userText } from '@shared/i18n/user-text'
import { describe, expect, it, vi } from 'vitest'
import { createTranslator } from '../../../../../src-main/platform/i18n/translator'

const FSI = '\u2068'
const PDI = '\u2069'
const quit = (count: number) => userText('desktop.quit.message', { count })

describe('main’s translator', () => {
  it('speaks the tag’s translation, found from its region to its language', () => {
    expect(createTranslator('es-MX').say(userText('desktop.tray.syncNow'))).toBe('Sincronizar ahora')
    expect(createTranslator('ru').say(userText('desktop.tray.syncNow'))).toBe('Синхронизировать')
    expect(createTranslator('ar-EG').say(userText('desktop.tray.syncNow'))).toBe('مزامنة الآن')
    expect(createTranslator('id-ID').say(userText('desktop.tray.syncNow'))).toBe('Sinkronkan sekarang')
  })

  it('reads Portuguese from any region in the Brazilian translation, and English for a language it lacks', () => {
    expect(createTranslator('pt-PT').say(userText('desktop.tray.syncNow'))).toBe('Sincronizar agora')
    expect(createTranslator('de-DE').say(userText('desktop.tray.syncNow'))).toBe('Sync now')
    expect(createTranslator('not a tag!').locale).toBe('en')
  })

  it('picks each language’s plural form by the count', () => {
    const en = createTranslator('en-GB')
    expect(en.say(quit(1))).toBe('A story is scheduled. Quit anyway?')
    expect(en.say(quit(3))).toBe(`${FSI}3${PDI} stories are scheduled. Quit anyway?`)
    const ru = createTranslator('ru-RU')
    expect([1, 3, 5, 21].map((count) => ru.say(quit(count)).split(' ')[0])).toEqual([
      'Запланирована',
      'Запланированы',
      'Запланировано',
      'Запланирована',
    ])
    const ar = createTranslator('ar')
    expect(ar.say(quit(1))).toMatch(/^هناك حالة مجدولة/)
    expect(ar.say(quit(2))).toMatch(/^هناك حالتان مجدولتان/)
    expect(ar.say(quit(4))).toContain('حالات مجدولة')
    expect(ar.say(quit(11))).toContain('حالة مجدولة')
  })

  it('writes numbers the locale’s way and isolates every parameter for right-to-left text', () => {
    const text = userText('desktop.updateFeed.message', { host: 'updates.example.com' })
    expect(createTranslator('ar').say(text)).toBe(`هل تريد تنزيل تحديثات Statusdesk من ${FSI}updates.example.com${PDI}؟`)
    expect(createTranslator('ar-EG').say(quit(5))).toContain(`${FSI}٥${PDI}`)
  })

  it('says a key this version lacks as the generic internal error, never as the key', () => {
    const en = createTranslator('en')
    expect(en.say({ key: 'desktop.fromANewerVersion' } as never)).toBe('Something went wrong inside the app.')
    expect(createTranslator('es').say({ key: 'desktop.fromANewerVersion' } as never)).not.toContain('desktop.')
  })

  it('tells its listeners when the language changes, and only then', () => {
    const translator = createTranslator('en-US')
    const listener = vi.fn()
    const stop = translator.onChange(listener)
    translator.setLocale('en-US')
    expect(listener).not.toHaveBeenCalled()
    translator.setLocale('ru-ru')
    expect(listener).toHaveBeenCalledWith('ru-RU')
    expect(translator.locale).toBe('ru-RU')
    expect(translator.say(userText('desktop.tray.noStory'))).toBe('Нет запланированных историй')
    stop()
    translator.setLocale('es')
    expect(listener).toHaveBeenCalledOnce()
  })
})
