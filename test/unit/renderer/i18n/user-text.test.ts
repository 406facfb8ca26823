import { type AppErrorData, codeText } from '@shared/errors'
import arDesktop from '@shared/i18n/ar/desktop'
import arErrors from '@shared/i18n/ar/errors'
import arMedia from '@shared/i18n/ar/media-errors'
import arNotices from '@shared/i18n/ar/notices'
import en from '@shared/i18n/en/index'
import ruDesktop from '@shared/i18n/ru/desktop'
import { type TextKey, type UserText, userText } from '@shared/i18n/user-text'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, describe, expect, it } from 'vitest'
import ErrorText from '../../../../src-renderer/src/components/common/ErrorText.vue'
import ToastHost from '../../../../src-renderer/src/components/frame/ToastHost.vue'
import { createAppI18n } from '../../../../src-renderer/src/i18n'
import { type LocaleTarget, setAppLocale } from '../../../../src-renderer/src/i18n/load-locale'
import { errorExtras, sayWith, type TextComposer } from '../../../../src-renderer/src/i18n/user-text'
import { useToastsStore } from '../../../../src-renderer/src/stores/toasts'

const MiB = 1024 * 1024

/** The app's i18n in `tag`, its translation loaded as the settings would load it. */
async function appI18n(tag: string) {
  const i18n = createAppI18n('en')
  await setAppLocale(i18n.global as unknown as LocaleTarget, tag, document.createElement('html'))
  return i18n
}

async function composer(tag: string): Promise<TextComposer> {
  return (await appI18n(tag)).global as unknown as TextComposer
}

/** A parameter as the page shows it: isolated, so it keeps its own direction inside any text. */
const isolated = (shown: string) => `\u2068${shown}\u2069`

/** The catalog's text, the form `form` of it, with its placeholders filled in. */
function filled(text: string, values: Record<string, string>, form = 0): string {
  const forms = text.split(' | ')
  return forms[form]!.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`)
}

const number = (locale: string, value: number) => new Intl.NumberFormat(locale).format(value)
const unit = (locale: string, value: number, name: string, display: 'short' | 'long') =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: display }).format(value)

afterEach(() => {
  document.body.innerHTML = ''
})

describe('sayWith', () => {
  it('says a key with its parameters in English, each one isolated and sizes written as sizes', async () => {
    const english = await composer('en')
    const tooLarge = userText('mediaErrors.check.imageTooLarge', { limit: 5 * MiB, size: 16 * MiB })
    expect(sayWith(english, tooLarge)).toBe(
      filled(en.mediaErrors.check.imageTooLarge, { limit: isolated('5 MB'), size: isolated('16 MB') }),
    )
    const unreachable = userText('apiErrors.connect.unreachable', { host: 'gate.example.com' })
    expect(sayWith(english, unreachable)).toBe(filled(en.apiErrors.connect.unreachable, { host: isolated('gate.example.com') }))
  })

  it('says the same key in Arabic, with Arabic sizes and the host kept left-to-right inside the sentence', async () => {
    const arabic = await composer('ar-EG')
    const tooLarge = userText('mediaErrors.check.imageTooLarge', { limit: 5 * MiB, size: 16 * MiB })
    const said = sayWith(arabic, tooLarge)
    expect(said).toBe(
      filled(arMedia.mediaErrors.check.imageTooLarge, {
        limit: isolated(unit('ar-EG', 5, 'megabyte', 'short')),
        size: isolated(unit('ar-EG', 16, 'megabyte', 'short')),
      }),
    )
    expect(said).not.toContain('MB')
    const unreachable = userText('mediaErrors.url.unreachable', { host: 'gate.example.com' })
    expect(sayWith(arabic, unreachable)).toBe(filled(arMedia.mediaErrors.url.unreachable, { host: isolated('gate.example.com') }))
  })

  it('writes a wait in `seconds` as a duration in the locale’s words', async () => {
    const english = await composer('en')
    expect(sayWith(english, userText('apiErrors.http.rateLimitedWait', { seconds: 120 }))).toBe(
      filled(en.apiErrors.http.rateLimitedWait, { seconds: isolated('2 minutes') }),
    )
    expect(sayWith(english, userText('apiErrors.network.noAnswer', { seconds: 45 }))).toBe(
      filled(en.apiErrors.network.noAnswer, { seconds: isolated('45 seconds') }),
    )
  })

  it('lets `count` pick the English plural, and writes it as a number', async () => {
    const english = await composer('en')
    const text = en.mediaErrors.check.videoTooLong
    const say = (count: number) => sayWith(english, userText('mediaErrors.check.videoTooLong', { count, seconds: 45 }))
    expect(say(1)).toBe(filled(text, { count: isolated('1'), seconds: isolated('45 seconds') }, 0))
    expect(say(1200)).toBe(filled(text, { count: isolated('1,200'), seconds: isolated('45 seconds') }, 1))
  })

  it('lets `count` pick among the three Russian forms', async () => {
    const russian = await composer('ru')
    const text = ruDesktop.desktop.quit.message
    const say = (count: number) => sayWith(russian, userText('desktop.quit.message', { count }))
    // one (1, 21), few (2–4, 22), many (5–20, 25)
    for (const [count, form] of [
      [1, 0],
      [21, 0],
      [2, 1],
      [22, 1],
      [5, 2],
      [11, 2],
      [25, 2],
    ] as const) {
      expect(say(count), `${count}`).toBe(filled(text, { count: isolated(number('ru', count)) }, form))
    }
  })

  it('lets `count` pick among the six Arabic forms, with Arabic digits', async () => {
    const arabic = await composer('ar-EG')
    // Two texts, as one text may spell two forms alike: zero and other, or many and other.
    const texts = [
      { key: 'desktop.quit.message', text: arDesktop.desktop.quit.message },
      { key: 'mediaErrors.library.tooManyAudiences', text: arMedia.mediaErrors.library.tooManyAudiences },
    ] as const
    for (const { key, text } of texts) {
      // zero, one, two, few (3–10), many (11–99), other (100…)
      for (const [count, form] of [
        [0, 0],
        [1, 1],
        [2, 2],
        [3, 3],
        [10, 3],
        [11, 4],
        [99, 4],
        [100, 5],
      ] as const) {
        expect(sayWith(arabic, userText(key, { count })), `${key} ${count}`).toBe(
          filled(text, { count: isolated(number('ar-EG', count)) }, form),
        )
      }
    }
    expect(sayWith(arabic, userText('mediaErrors.library.tooManyAudiences', { count: 11 }))).toContain('١١')
  })

  it('writes `at` and any `…At` as a date and time of the locale, not as the ISO string main sent', async () => {
    const texts = { en: 'Sent {at}; next try {nextAttemptAt}.', ar: 'أُرسلت {at}؛ المحاولة التالية {nextAttemptAt}.' }
    const at = '2026-03-04T10:30:00.000Z'
    const nextAttemptAt = '2026-03-05T08:00:00.000Z'
    for (const [tag, translation] of [
      ['en-GB', 'en'],
      ['ar-EG', 'ar'],
    ] as const) {
      const i18n = await appI18n(tag)
      // A key of this test's own, so that the rule is checked whichever of main's texts carry dates.
      i18n.global.mergeLocaleMessage('en', { testOnly: { sent: texts.en } } as never)
      i18n.global.mergeLocaleMessage(translation, { testOnly: { sent: texts[translation] } } as never)
      const date = (iso: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
      const said = sayWith(i18n.global as unknown as TextComposer, { key: 'testOnly.sent' as TextKey, params: { at, nextAttemptAt } })
      expect(said).toBe(filled(texts[translation], { at: isolated(date(at)), nextAttemptAt: isolated(date(nextAttemptAt)) }))
      expect(said).not.toContain('2026-03')
    }
  })

  it('says an error whose key this version does not know by its code’s text, in the chosen language', async () => {
    const fromNewer: AppErrorData = {
      code: 'offline',
      text: { key: 'apiErrors.network.fromANewerVersion' as TextKey, params: { host: 'x' } },
    }
    expect(sayWith(await composer('en'), fromNewer)).toBe(en.errors.codes.offline)
    expect(sayWith(await composer('ar'), fromNewer)).toBe(arErrors.errors.codes.offline)
    // A key that names a group of texts rather than one is not a text either.
    expect(sayWith(await composer('en'), { code: 'server', text: { key: 'apiErrors.http' as TextKey } })).toBe(en.errors.codes.server)
    // A notice has no code: it reads as the app's own trouble rather than as a raw key.
    expect(sayWith(await composer('en'), { key: 'notices.fromANewerVersion' as TextKey })).toBe(en.errors.codes.internal)
  })

  it('says nothing for nothing', async () => {
    const english = await composer('en')
    expect(sayWith(english, null)).toBe('')
    expect(sayWith(english, undefined)).toBe('')
  })

  it('keeps what the server said and what an older version recorded as extra lines, not in the text', async () => {
    const english = await composer('en')
    const error: AppErrorData = {
      code: 'server',
      text: userText('apiErrors.http.server', { status: 503 }),
      details: { server: { message: '  upstream overloaded  ' }, recorded: 'The server had a problem (HTTP 503).' },
    }
    expect(sayWith(english, error)).toBe(filled(en.apiErrors.http.server, { status: isolated('503') }))
    expect(errorExtras(english, error)).toEqual([
      filled(en.errors.serverSaid, { said: isolated('upstream overloaded') }),
      filled(en.errors.recorded, { detail: isolated('The server had a problem (HTTP 503).') }),
    ])
    expect(errorExtras(english, { code: 'server', text: codeText('server'), details: { server: { message: '   ' } } })).toEqual([])
    expect(errorExtras(english, { code: 'server', text: codeText('server') })).toEqual([])
  })
})

describe('ErrorText', () => {
  async function shown(error: AppErrorData, tag = 'en') {
    const i18n = await appI18n(tag)
    return mount(ErrorText, { props: { error }, global: { plugins: [i18n] }, attachTo: document.body })
  }

  it('shows the text alone when there is nothing more to say', async () => {
    const wrapper = await shown({ code: 'offline', text: userText('apiErrors.network.unreachable') })
    expect(wrapper.get('.error-text').text()).toBe(en.apiErrors.network.unreachable)
    expect(wrapper.find('[data-testid="error-extras"]').exists()).toBe(false)
  })

  it('keeps the server’s own words behind a disclosure, out of the sentence', async () => {
    const words = 'Channel 4915112345678 is in QR mode'
    const error: AppErrorData = {
      code: 'unauthorized',
      text: userText('apiErrors.http.unauthorized'),
      details: { server: { message: words } },
    }
    const wrapper = await shown(error)
    expect(wrapper.get('.error-text').text()).toBe(en.apiErrors.http.unauthorized)
    expect(wrapper.get('.error-text').text()).not.toContain(words)
    const extras = wrapper.get('[data-testid="error-extras"]')
    expect(extras.element.tagName).toBe('DETAILS')
    expect((extras.element as HTMLDetailsElement).open).toBe(false)
    expect(extras.get('summary').text()).toBe(en.errors.more)
    expect(extras.findAll('p').map((line) => line.text())).toEqual([filled(en.errors.serverSaid, { said: isolated(words) })])
  })

  it('shows what an older version recorded behind the disclosure, under the code’s text', async () => {
    const recorded = 'The disk is full (ENOSPC).'
    const wrapper = await shown({ code: 'storage', text: codeText('storage'), details: { recorded } })
    expect(wrapper.get('.error-text').text()).toBe(en.errors.codes.storage)
    expect(wrapper.get('.error-text').text()).not.toContain(recorded)
    expect(wrapper.get('[data-testid="error-extras"] p').text()).toBe(filled(en.errors.recorded, { detail: isolated(recorded) }))
  })

  it('says all of it in Arabic, the server’s words kept as they were', async () => {
    const words = 'Channel 4915112345678 is in QR mode'
    const wrapper = await shown({ code: 'storage', text: codeText('storage'), details: { server: { message: words } } }, 'ar')
    expect(wrapper.get('.error-text').text()).toBe(arErrors.errors.codes.storage)
    expect(wrapper.get('summary').text()).toBe(arErrors.errors.more)
    expect(wrapper.get('[data-testid="error-extras"] p').text()).toBe(filled(arErrors.errors.serverSaid, { said: isolated(words) }))
  })
})

describe('ToastHost', () => {
  it('shows main’s notice in the chosen language, and again in the new one when the language changes', async () => {
    setActivePinia(createPinia())
    const i18n = createAppI18n('en')
    const wrapper = mount(ToastHost, { global: { plugins: [i18n] }, attachTo: document.body })
    const toasts = useToastsStore()
    const notice: UserText = userText('notices.setAside.history')
    toasts.show('warning', notice)
    toasts.show('success', 'Written by the page')
    await flushPromises()
    const lines = () => wrapper.findAll('[data-testid="toast"] p').map((line) => line.text())
    expect(lines()).toEqual([en.notices.setAside.history, 'Written by the page'])

    await setAppLocale(i18n.global as unknown as LocaleTarget, 'ar', document.createElement('html'))
    await flushPromises()
    expect(lines()).toEqual([arNotices.notices.setAside.history, 'Written by the page'])
    wrapper.unmount()
  })

  it('fills a notice’s parameters for the locale', async () => {
    setActivePinia(createPinia())
    const wrapper = mount(ToastHost, { global: { plugins: [createAppI18n('en')] }, attachTo: document.body })
    useToastsStore().show('info', userText('notices.updates.ready', { version: '2.1.0' }))
    await flushPromises()
    expect(wrapper.get('[data-testid="toast"] p').text()).toBe(filled(en.notices.updates.ready, { version: isolated('2.1.0') }))
    wrapper.unmount()
  })
})
