import { mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTranslator } from '../../../../src-main/platform/i18n/translator'
import { removeLaunchFile, writeLaunchFile } from '../../../../src-main/web/launch-file'

let dir: string
const URL_WITH_SECRET = 'http://127.0.0.1:4567/#secret=AbC-123_xyz'
const english = createTranslator('en')

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-launch-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the launch file', () => {
  it('is an owner-only page in the data folder that sends the browser on to the address with the secret', async () => {
    const launch = await writeLaunchFile(dir, URL_WITH_SECRET, english)
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
    const launch = await writeLaunchFile(dir, 'http://127.0.0.1:1/#secret="><script>x</script>', english)
    const html = await readFile(launch.path, 'utf8')
    expect(html).not.toContain('<script>')
    expect(html).toContain('&#34;&#62;&#60;script&#62;')
  })

  it("speaks web mode's language: the page's language and direction, its title, its words and its link", async () => {
    const plain = await readFile((await writeLaunchFile(dir, URL_WITH_SECRET, english)).path, 'utf8')
    expect(plain).toContain('<html lang="en"><head>')
    expect(plain).toContain('<title>Opening Statusdesk</title>')
    expect(plain).toContain(`<a href="${URL_WITH_SECRET}">Continue to Statusdesk</a>`)

    const spanish = await readFile((await writeLaunchFile(dir, URL_WITH_SECRET, createTranslator('es-MX'))).path, 'utf8')
    expect(spanish).toContain('<html lang="es-MX"><head>')
    expect(spanish).toContain('<title>Abriendo Statusdesk</title>')
    expect(spanish).toContain('>Continuar a Statusdesk</a>')

    const arabic = await readFile((await writeLaunchFile(dir, URL_WITH_SECRET, createTranslator('ar-EG'))).path, 'utf8')
    expect(arabic).toContain('<html lang="ar-EG" dir="rtl"><head>')
    expect(arabic).toContain('<title>جارٍ فتح Statusdesk</title>')
    expect(arabic).toContain(`<meta http-equiv="refresh" content="0;url=${URL_WITH_SECRET}">`)
  })

  it('escapes the translated words for HTML', async () => {
    const say = () => '<b>"Tom & Jerry"</b>'
    const html = await readFile((await writeLaunchFile(dir, URL_WITH_SECRET, { locale: 'en', say })).path, 'utf8')
    expect(html).not.toContain('<b>')
    expect(html).toContain('<title>&#60;b&#62;&#34;Tom &#38; Jerry&#34;&#60;/b&#62;</title>')
  })

  it('replaces a file or a link left in its place instead of writing through it', async () => {
    const elsewhere = join(dir, 'elsewhere.txt')
    await writeFile(elsewhere, 'keep me')
    await symlink(elsewhere, join(dir, 'open-statusdesk.html'))
    const launch = await writeLaunchFile(dir, URL_WITH_SECRET, english)
    expect(await readFile(elsewhere, 'utf8')).toBe('keep me')
    expect(await readFile(launch.path, 'utf8')).toContain(URL_WITH_SECRET)
  })
})
