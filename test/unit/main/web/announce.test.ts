import { describe, expect, it } from 'vitest'
import { createAnnouncer } from '../../../../src-main/web/announce'

const info = {
  url: 'http://127.0.0.1:4567/#secret=abc',
  origin: 'http://127.0.0.1:4567',
  secret: 'abc',
  port: 4567,
  dataDir: '/home/me/.config/statusdesk-web',
}

function capture(json: boolean) {
  const out: string[] = []
  const err: string[] = []
  const say = createAnnouncer(
    json,
    (text) => out.push(text),
    (text) => err.push(text),
  )
  return { say, out, err }
}

describe('what web mode tells whoever started it', () => {
  it('on a terminal: the address with its secret, the data folder, how to stop; a usage error on stderr', () => {
    const { say, out, err } = capture(false)
    say.ready(info)
    say.openFailed({ url: info.url, reason: 'xdg-open exited with code 3' })
    say.usage('Port 4567 is already in use by another program: stop it, or choose another port with --port N.')
    expect(out.join('')).toBe(
      [
        "Statusdesk (web mode) is running. Its address, with this launch's secret:",
        '  http://127.0.0.1:4567/#secret=abc',
        'Data folder: /home/me/.config/statusdesk-web',
        'Press Ctrl+C to stop.',
        'No browser could be opened (xdg-open exited with code 3): open http://127.0.0.1:4567/#secret=abc in your browser.',
        '',
      ].join('\n'),
    )
    expect(err).toEqual(['Port 4567 is already in use by another program: stop it, or choose another port with --port N.\n'])
  })

  it('for a program: one JSON object a line, each saying what it is', () => {
    const { say, out, err } = capture(true)
    say.ready(info)
    say.openFailed({ url: info.url, reason: 'xdg-open was not found' })
    say.usage('bad')
    expect(out.map((line) => JSON.parse(line))).toEqual([
      { event: 'ready', ...info },
      { event: 'open-failed', reason: 'xdg-open was not found', url: info.url },
      { event: 'error', message: 'bad' },
    ])
    expect(err).toEqual([])
  })
})
