import { describe, expect, it } from 'vitest'
import { LogRedactor, redactText, redactValue } from '../../../../../src-main/platform/log/log-redaction'

const TOKEN = 'Zx81kQ2mN7pL4vR9tY6wE3sDa5fG0hJk'

describe('redactText', () => {
  it('blanks bearer credentials and named secrets in headers, query strings and echoed JSON', () => {
    expect(redactText(`Authorization: Bearer ${TOKEN}`)).not.toContain(TOKEN)
    expect(redactText('sent Bearer abcdefghijklmnopqrstuvwxyzabcdef')).toBe('sent Bearer [redacted]')
    expect(redactText(`GET https://gate.whapi.cloud/groups?token=${TOKEN}&count=100`)).toBe(
      'GET https://gate.whapi.cloud/groups?token=[redacted]&count=100',
    )
    expect(redactText(`{"error":{"message":"bad","token":"${TOKEN}"}}`)).toBe('{"error":{"message":"bad","token":"[redacted]"}}')
  })

  it('blanks a token-shaped string on its own, and a known secret wherever it is', () => {
    expect(redactText(`unexpected value ${TOKEN} in reply`)).toBe('unexpected value [redacted] in reply')
    expect(redactText('the pass is hunter22x', ['hunter22x'])).toBe('the pass is [redacted]')
  })

  it('hides phone numbers and chat ids but keeps the kind of id', () => {
    expect(redactText('sent to 4915123456789@s.whatsapp.net and 120363025246125486@g.us')).toBe('sent to [id]@s.whatsapp.net and [id]@g.us')
    expect(redactText('contact 214748364712345@lid')).toBe('contact [id]@lid')
    expect(redactText('contacts: 4915123456789, 79001234567')).toBe('contacts: [number], [number]')
    expect(redactText('call +49 151 2345 6789 now')).toBe('call [number] now')
    expect(redactText('group 120363025246125486 failed')).toBe('group [number] failed')
  })

  it('leaves ordinary diagnostics readable', () => {
    const line =
      'GET /groups?count=500&offset=1000 took 842 ms, status 429, retry in 2.5 s, v45.4.1, port 51234, id 3f2a9c1e-4b5d-4e6f-8a7b-9c0d1e2f3a4b'
    expect(redactText(line)).toBe(line)
    expect(redactText('AboutDialog_vue_vue_type_script_setup_true_lang_default')).toBe(
      'AboutDialog_vue_vue_type_script_setup_true_lang_default',
    )
    const prose =
      'Token storage:  keyring available\nAccounts: 1; 0 waiting for their token\nAPI hosts: gate.whapi.cloud\nBasic settings loaded'
    expect(redactText(prose)).toBe(prose)
  })
})

describe('redactValue', () => {
  it('walks objects and arrays, blanks secret-named fields, keeps numbers', () => {
    const value = {
      url: `https://x.test/a?token=${TOKEN}`,
      headers: { Authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      contacts: ['4915123456789', '4915123456780@s.whatsapp.net'],
      bytes: 52428800,
      password: 'anything',
    }
    expect(redactValue(value)).toEqual({
      url: 'https://x.test/a?token=[redacted]',
      headers: { Authorization: '[redacted]', 'content-type': 'application/json' },
      contacts: ['[number]', '[id]@s.whatsapp.net'],
      bytes: 52428800,
      password: '[redacted]',
    })
  })

  it('turns an error into its redacted parts and survives cycles', () => {
    const error = Object.assign(new Error(`401 for token ${TOKEN}`), { code: 'E401' })
    const out = redactValue(error) as { name: string; message: string; stack: string; code: string }
    expect(out.name).toBe('Error')
    expect(out.code).toBe('E401')
    expect(out.message).not.toContain(TOKEN)
    expect(out.stack).not.toContain(TOKEN)

    const loop: Record<string, unknown> = { name: 'loop' }
    loop['self'] = loop
    expect(redactValue(loop)).toEqual({ name: 'loop', self: '[circular]' })
  })
})

describe('LogRedactor', () => {
  it('remembers secrets added at run time', () => {
    const redactor = new LogRedactor()
    redactor.addSecret('short1-but-secret')
    expect(redactor.line('x short1-but-secret y')).toBe('x [redacted] y')
    expect(redactor.line({ note: 'short1-but-secret' })).toEqual({ note: '[redacted]' })
  })
})

describe('a known secret echoed in another encoding', () => {
  // Short and lowercase: none of the fixed patterns would catch it, only the secret itself.
  const secret = 'k3y/with+odd=chars'
  const forms = {
    percent: encodeURIComponent(secret),
    'percent, lowercase': encodeURIComponent(secret).toLowerCase(),
    hex: Buffer.from(secret).toString('hex'),
    HEX: Buffer.from(secret).toString('hex').toUpperCase(),
    base64: Buffer.from(secret).toString('base64'),
    base64url: Buffer.from(secret).toString('base64url'),
    'base64 inside a Basic header': Buffer.from(`user:${secret}`).toString('base64'),
    'base64 of a JSON echo, offset 1': Buffer.from(`{"a":"${secret}"}`).toString('base64'),
    'base64 of a JSON echo, offset 2': Buffer.from(`{"ab":"${secret}"}`).toString('base64'),
  }

  it.each(Object.entries(forms))('is blanked when quoted %s', (_name, form) => {
    const redactor = new LogRedactor()
    redactor.addSecret(secret)
    const out = redactor.line(`server said ${form} back`) as string
    expect(out).toContain('[redacted]')
    for (const other of Object.values(forms).filter((f) => f.length >= 8)) expect(out).not.toContain(other)
  })
})

describe('log lines', () => {
  it('escape line breaks and control characters, so a value cannot start a forged line', () => {
    const redactor = new LogRedactor()
    const forged = 'ok\n[2026-01-01 00:00:00.000] [info] (main) token accepted\r\u2028\u001b[2J'
    expect(redactor.line(forged)).toBe('ok\\n[2026-01-01 00:00:00.000] [info] (main) token accepted\\r\\u2028\\u001b[2J')
    expect(redactor.line({ 'a\nb': ['c\nd'], tab: 'x\ty' })).toEqual({ 'a\\nb': ['c\\nd'], tab: 'x\ty' })
  })
})
