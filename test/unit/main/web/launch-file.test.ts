import { mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { removeLaunchFile, writeLaunchFile } from '../../../../src-main/web/launch-file'

let dir: string
const URL_WITH_SECRET = 'http://127.0.0.1:4567/#secret=AbC-123_xyz'

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-launch-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the launch file', () => {
  it('is an owner-only page in the data folder that sends the browser on to the address with the secret', async () => {
    const launch = await writeLaunchFile(dir, URL_WITH_SECRET)
    expect(launch.fileUrl.startsWith('file://')).toBe(true)
    expect(fileURLToPath(launch.fileUrl)).toBe(launch.path)
    // What goes on the opener's command line names the file, never the secret.
    expect(launch.fileUrl).not.toContain('AbC-123_xyz')
    const html = await readFile(launch.path, 'utf8')
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${URL_WITH_SECRET}">`)
    expect(html).toContain('<meta name="referrer" content="no-referrer">')
    if (process.platform !== 'win32') expect((await stat(launch.path)).mode & 0o777).toBe(0o600)
    await removeLaunchFile(launch.path)
    await expect(stat(launch.path)).rejects.toThrow()
  })

  it('escapes the address for HTML', async () => {
    const launch = await writeLaunchFile(dir, 'http://127.0.0.1:1/#secret="><script>x</script>')
    const html = await readFile(launch.path, 'utf8')
    expect(html).not.toContain('<script>')
    expect(html).toContain('&#34;&#62;&#60;script&#62;')
  })

  it('replaces a file or a link left in its place instead of writing through it', async () => {
    const elsewhere = join(dir, 'elsewhere.txt')
    await writeFile(elsewhere, 'keep me')
    await symlink(elsewhere, join(dir, 'open-statusdesk.html'))
    const launch = await writeLaunchFile(dir, URL_WITH_SECRET)
    expect(await readFile(elsewhere, 'utf8')).toBe('keep me')
    expect(await readFile(launch.path, 'utf8')).toContain(URL_WITH_SECRET)
  })
})
