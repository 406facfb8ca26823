import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mimeTypeOf, resolveStaticFile } from '../../../../src-main/app/static-files'

let root: string
let outside: string

beforeAll(async () => {
  outside = await mkdtemp(join(tmpdir(), 'statusdesk-static-'))
  root = join(outside, 'renderer')
  await mkdir(join(root, 'assets'), { recursive: true })
  await writeFile(join(root, 'index.html'), '<!doctype html>')
  await writeFile(join(root, 'assets', 'app.js'), 'export {}')
  await writeFile(join(outside, 'secret.txt'), 'nope')
})
afterAll(() => rm(outside, { recursive: true, force: true }))

describe('resolveStaticFile', () => {
  it('serves files inside the renderer folder', async () => {
    expect(await resolveStaticFile(root, '/assets/app.js')).toBe(join(root, 'assets', 'app.js'))
    expect(await resolveStaticFile(root, '/')).toBe(join(root, 'index.html'))
  })

  it('falls back to index.html for app routes but not for missing assets', async () => {
    expect(await resolveStaticFile(root, '/groups')).toBe(join(root, 'index.html'))
    expect(await resolveStaticFile(root, '/assets/missing.js')).toBeNull()
  })

  it.each(['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/%00', '/%E0%A4%A'])('refuses %s', async (path) => {
    const found = await resolveStaticFile(root, path)
    expect(found === null || found === join(root, 'index.html')).toBe(true)
    expect(found).not.toBe(join(outside, 'secret.txt'))
  })

  it('names content types', () => {
    expect(mimeTypeOf('a.js')).toMatch(/javascript/)
    expect(mimeTypeOf('a.unknown')).toBe('application/octet-stream')
  })
})
