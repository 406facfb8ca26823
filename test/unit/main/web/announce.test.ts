import { userText } from '@shared/i18n/user-text'
import { describe, expect, it } from 'vitest'
import { createTranslator } from '../../../../src-main/platform/i18n/translator'
import { createAnnouncer } from '../../../../src-main/web/announce'

const info = {
  url: 'http://127.0.0.1:4567/#secret=abc',
  origin: 'http://127.0.0.1:4567',
  secret: 'abc',
  port: 4567,
  dataDir: '/home/me/.config/statusdesk-web',
}
const portInUse = userText('desktop.web.usage.portInUse', { port: 4567, option: '--port N' })

function capture(json: boolean, tag = 'en') {
  const out: string[] = []
  const err: string[] = []
  const say = createAnnouncer(
    json,
    createTranslator(tag).say,
    (text) => out.push(text),
    (text) => err.push(text),
  )
  return { say, out, err }
}

describe('what web mode tells whoever started it', () => {
  it('on a terminal: the address with its secret, the data folder, how to stop; a usage error on stderr', () => {
    const { say, out, err } = capture(false)
    say.ready(info)
    say.openFailed({ url: info.url, reason: 'xdg-open exited with code 3', command: 'xdg-open', missing: false })
    say.openFailed({ url: info.url, reason: 'xdg-open was not found', command: 'xdg-open', missing: true })
    say.usage(portInUse)
    expect(out.join('')).toBe(
      [
        "Statusdesk (web mode) is running. Its address, with this launch's secret:",
        '  http://127.0.0.1:4567/#secret=abc',
        'Data folder: /home/me/.config/statusdesk-web',
        'Press Ctrl+C to stop.',
        'No browser could be opened with xdg-open: open http://127.0.0.1:4567/#secret=abc in your browser.',
        'No browser could be opened (xdg-open was not found): open http://127.0.0.1:4567/#secret=abc in your browser.',
        '',
      ].join('\n'),
    )
    expect(err).toEqual(['Port 4567 is already in use by another program: stop it, or choose another port with --port N.\n'])
  })

  it("speaks the terminal's language, with the address as it is: no invisible marks to copy along with it", () => {
    const { say, out, err } = capture(false, 'ru-RU')
    say.ready(info)
    say.openFailed({ url: info.url, reason: 'xdg-open was not found', command: 'xdg-open', missing: true })
    say.usage(portInUse)
    const text = out.join('')
    expect(text).toContain('Statusdesk (веб-режим) запущен.')
    expect(text).toContain('Папка данных: /home/me/.config/statusdesk-web\n')
    expect(text).toContain('Нажмите Ctrl+C, чтобы остановить.')
    expect(text).toContain(`(xdg-open не найден): откройте ${info.url} в браузере.`)
    expect(err.join('')).toContain('Порт 4567 уже занят другой программой')
    const arabic = capture(false, 'ar')
    arabic.say.openFailed({ url: info.url, reason: 'xdg-open was not found', command: 'xdg-open', missing: true })
    expect(arabic.out.join('')).toContain(` ${info.url} `)
    expect(arabic.out.join('')).not.toMatch(/[\u2066-\u2069]/)
    expect(arabic.out.join('')).not.toContain('No browser')
  })

  it('for a program: one JSON object a line, each saying what it is', () => {
    const { say, out, err } = capture(true)
    say.ready(info)
    say.openFailed({ url: info.url, reason: 'xdg-open was not found', command: 'xdg-open', missing: true })
    say.usage(portInUse)
    say.usage(userText('desktop.web.usage.unreadable', { options: '--port N' }), "Option '--x' is odd")
    expect(out.map((line) => JSON.parse(line))).toEqual([
      { event: 'ready', ...info },
      { event: 'open-failed', reason: 'xdg-open was not found', url: info.url },
      {
        event: 'error',
        message: 'Port 4567 is already in use by another program: stop it, or choose another port with --port N.',
        key: 'desktop.web.usage.portInUse',
      },
      {
        event: 'error',
        message: 'The options could not be read. Web mode accepts: --port N.',
        key: 'desktop.web.usage.unreadable',
        detail: "Option '--x' is odd",
      },
    ])
    expect(err).toEqual([])
  })
})
