import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFileLog } from '../../../../src-main/adapters/electron-log'

const TOKEN = 'Zx81kQ2mN7pL4vR9tY6wE3sDa5fG0hJk'
let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-log-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the electron-log file logger', () => {
  it('writes scoped lines to the file with tokens, numbers and chat ids redacted', async () => {
    const log = createFileLog({ file: join(dir, 'logs', 'main.log') })
    log.scoped('sync').warn(`GET /groups failed for Bearer ${TOKEN}`, {
      url: `https://gate.whapi.cloud/groups?token=${TOKEN}`,
      chat: '120363025246125486@g.us',
      contacts: ['4915123456789'],
      attempt: 3,
    })
    log.scoped('renderer').error(new Error(`bad token ${TOKEN}`).message)

    const text = await readFile(log.file, 'utf8')
    expect(text).not.toContain(TOKEN)
    expect(text).not.toContain('4915123456789')
    expect(text).not.toContain('120363025246125486')
    expect(text).toMatch(/\[warn\]\s+\(sync\)\s+GET \/groups failed for Bearer \[redacted\]/)
    expect(text).toContain('[id]@g.us')
    expect(text).toContain('attempt: 3')
    // One line per entry, so the file greps well.
    expect(text.trim().split('\n')).toHaveLength(2)
    expect(text).toMatch(/\[error\]\s+\(renderer\)\s+bad token \[redacted\]/)
  })

  it('writes a message with line breaks on one line: a renderer cannot forge lines', async () => {
    const log = createFileLog({ file: join(dir, 'main.log') })
    log.scoped('renderer').info('clicked\n[2026-01-01 00:00:00.000] [error] (main) forged entry', { note: 'a\r\nb' })
    const text = await readFile(log.file, 'utf8')
    expect(text.trim().split('\n')).toHaveLength(1)
    expect(text).toContain('clicked\\n[2026-01-01 00:00:00.000] [error] (main) forged entry')
    expect(text).not.toContain('a\r\nb')
  })

  it('keeps the log folder and file to their owner', async () => {
    const log = createFileLog({ file: join(dir, 'logs', 'main.log') })
    log.scoped('main').info('hello')
    if (process.platform === 'win32') return
    expect((await stat(log.folder)).mode & 0o777).toBe(0o700)
    expect((await stat(log.file)).mode & 0o777).toBe(0o600)
  })

  it('redacts secrets learnt at run time and writes each logger to its own file', async () => {
    const a = createFileLog({ file: join(dir, 'a.log') })
    const b = createFileLog({ file: join(dir, 'b.log') })
    a.redactor.addSecret('per-launch-secret')
    a.scoped('web').info('listening with per-launch-secret')
    b.scoped('web').info('second file')
    expect(await readFile(a.file, 'utf8')).toContain('listening with [redacted]')
    expect(await readFile(a.file, 'utf8')).not.toContain('second file')
    expect(await readFile(b.file, 'utf8')).toContain('second file')
  })
})

describe('the console echo', () => {
  it('writes each entry as one redacted line, readable or JSON as asked', async () => {
    for (const format of ['text', 'json'] as const) {
      const lines: Array<{ line: string; level: string }> = []
      const log = createFileLog({
        file: join(dir, `${format}.log`),
        console: 'info',
        consoleFormat: format,
        consoleWrite: (line, level) => lines.push({ line, level }),
      })
      log.scoped('web').info('listening', { url: 'http://127.0.0.1:4567/', nested: { deep: { token: `Bearer ${TOKEN}` } } })
      log.scoped('web').debug('not shown at info')
      log.scoped('web').warn(`two\nlines with ${TOKEN}`)
      expect(lines.map((entry) => entry.level)).toEqual(['info', 'warn'])
      for (const { line } of lines) {
        expect(line).not.toContain('\n')
        expect(line).not.toContain(TOKEN)
      }
      if (format === 'json') {
        expect(JSON.parse(lines[0]!.line)).toMatchObject({
          level: 'info',
          scope: 'web',
          message: 'listening',
          url: 'http://127.0.0.1:4567/',
        })
      } else {
        expect(lines[0]!.line).toMatch(/^\d\d:\d\d:\d\d info {2}\[web\] listening url=http:\/\/127\.0\.0\.1:4567\/ nested=/)
      }
    }
  })
})
