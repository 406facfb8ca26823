import { describe, expect, it } from 'vitest'
import { dispatch, type Handlers } from '../../../../src-main/handlers/dispatch'
import { clipboardHandlers } from '../../../../src-main/handlers/clipboard'
import { silentLogger } from '../../../../src-main/platform/log/log'

const call = (clipboard: Parameters<typeof clipboardHandlers>[0], arg: unknown) =>
  dispatch(clipboardHandlers(clipboard) as Handlers, 'app:copy-text', arg, { transport: 'ipc', client: 'window:1' }, silentLogger)

describe('app:copy-text', () => {
  it('writes the text to the system clipboard', async () => {
    const written: string[] = []
    const result = await call({ writeText: (text) => written.push(text) }, { text: 'https://chat.whatsapp.com/abc' })
    expect(result).toEqual({ ok: true, value: { copied: 29 } })
    expect(written).toEqual(['https://chat.whatsapp.com/abc'])
  })

  it('refuses an empty or oversized text before touching the clipboard', async () => {
    const written: string[] = []
    const clipboard = { writeText: (text: string) => written.push(text) }
    expect(await call(clipboard, { text: '' })).toMatchObject({ ok: false, error: { code: 'invalid-argument' } })
    expect(await call(clipboard, { text: 'x'.repeat(1_000_001) })).toMatchObject({ ok: false, error: { code: 'invalid-argument' } })
    expect(written).toEqual([])
  })

  it('explains that web mode copies in the page', async () => {
    expect(await call(null, { text: 'hi' })).toMatchObject({ ok: false, error: { code: 'invalid-request' } })
  })
})
