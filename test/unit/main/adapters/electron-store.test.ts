import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// electron-store reads app paths from Electron; outside the app it needs an absolute cwd.
vi.mock('electron', () => ({ default: {} }))

const { openElectronStore } = await import('../../../../src-main/adapters/electron-store')
const { openConfStore } = await import('../../../../src-main/adapters/conf-store')

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-store-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe.each([
  ['electron-store', openElectronStore],
  ['conf (web mode)', openConfStore],
])('%s adapter', (_name, open) => {
  it('writes <dir>/<name>.json readable by its owner only', async () => {
    const store = open({ dir, name: 'accounts' })
    store.set('activeId', 'abc')
    store.set('a.b', 1)
    expect(store.path).toBe(join(dir, 'accounts.json'))
    expect((await stat(store.path!)).mode & 0o777).toBe(0o600)
    expect(JSON.parse(await readFile(store.path!, 'utf8'))).toEqual({ activeId: 'abc', 'a.b': 1 })
    expect(store.entries()).toEqual({ activeId: 'abc', 'a.b': 1 })
    store.delete('activeId')
    expect(store.get('activeId')).toBeUndefined()
  })

  it('does not clear a damaged file on its own', async () => {
    await writeFile(join(dir, 'settings.json'), '{broken')
    expect(() => open({ dir, name: 'settings' }).entries()).toThrow()
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).toBe('{broken')
  })
})
