import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../../../src-main/platform/db/open-database'
import { hasCluster, makeClusterApart } from '../../../../../src-main/platform/db/pglite-first-start'

const CONF = ['shared_buffers = 16MB']
let root = ''
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-pglite-first-'))
})
afterAll(() => rm(root, { recursive: true, force: true }))

async function emptyFolder(name: string): Promise<string> {
  const folder = join(root, name)
  await mkdir(folder, { mode: 0o700 })
  return folder
}

// initdb in a Node process of its own: seconds, more on a loaded machine.
describe("a new PGlite folder's cluster, made in a process of its own", { timeout: 120_000 }, () => {
  it('is made in place of the empty folder, private, with nothing left beside it, and opens', async () => {
    const folder = await emptyFolder('fresh')
    expect(await makeClusterApart(folder, CONF)).toBe(true)
    expect(hasCluster(folder)).toBe(true)
    expect((await stat(folder)).mode & 0o777).toBe(0o700)
    expect(await readdir(root)).not.toContain('fresh.init')
    const db = await openDatabase({ folder })
    try {
      expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }])
    } finally {
      await db.close()
    }
    // A cluster already there is left as it is.
    expect(await makeClusterApart(folder, CONF)).toBe(false)
  })

  it('begins again over what a process killed during initdb left beside the folder', async () => {
    const folder = await emptyFolder('killed')
    await mkdir(`${folder}.init`)
    await writeFile(join(`${folder}.init`, 'PG_VERSION'), '15\n')
    await writeFile(join(`${folder}.init`, 'half-made'), 'x')
    expect(await makeClusterApart(folder, CONF)).toBe(true)
    expect(await readdir(folder)).not.toContain('half-made')
    expect(existsSync(`${folder}.init`)).toBe(false)
  })

  it('says why initdb failed and leaves the folder empty, with nothing beside it', async () => {
    const folder = await emptyFolder('refused')
    await expect(makeClusterApart(folder, ['shared_buffers = lots'])).rejects.toThrow(/initdb ended with code/)
    expect(await readdir(folder)).toEqual([])
    expect(existsSync(`${folder}.init`)).toBe(false)
  })

  it('leaves a folder holding anything else to PGlite, untouched', async () => {
    const folder = await emptyFolder('other')
    await writeFile(join(folder, 'notes.txt'), 'mine')
    expect(await makeClusterApart(folder, CONF)).toBe(false)
    expect(await readdir(folder)).toEqual(['notes.txt'])
  })

  it("leaves the cluster to PGlite in Electron's main, whose binary may not run as Node", async () => {
    const folder = await emptyFolder('electron')
    Object.defineProperty(process.versions, 'electron', { value: '33.0.0', configurable: true })
    try {
      expect(await makeClusterApart(folder, CONF)).toBe(false)
    } finally {
      Reflect.deleteProperty(process.versions, 'electron')
    }
    expect(await readdir(folder)).toEqual([])
  })
})
