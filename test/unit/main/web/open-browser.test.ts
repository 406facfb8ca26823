import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { spawn } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { browserCommand, openInBrowser } from '../../../../src-main/web/open-browser'

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-opener-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A stand-in for xdg-open: records its arguments and exits with `code`. */
async function fakeOpener(code: number): Promise<typeof spawn> {
  const script = join(dir, 'xdg-open')
  await writeFile(script, `#!/bin/sh\nprintf '%s\\n' "$@" > "${join(dir, 'args')}"\nexit ${code}\n`)
  await chmod(script, 0o755)
  return ((command: string, args: string[], options: object) =>
    spawn(command === 'xdg-open' ? script : command, args, options as never)) as unknown as typeof spawn
}

// The stand-in openers are shell scripts: these run where the opener is xdg-open or open.
describe('opening the browser', () => {
  it('says it opened when the opener succeeds, and hands it only the target', async () => {
    const result = await openInBrowser('file:///data/open-statusdesk.html', {
      platform: 'linux',
      spawn: await fakeOpener(0),
    })
    expect(result).toEqual({ opened: true })
    expect(await readFile(join(dir, 'args'), 'utf8')).toBe('file:///data/open-statusdesk.html\n')
  })

  it('says why not when the opener exits non-zero (xdg-open exits 3 with no browser)', async () => {
    const result = await openInBrowser('file:///x.html', {
      platform: 'linux',
      spawn: await fakeOpener(3),
    })
    expect(result).toEqual({ opened: false, reason: 'xdg-open exited with code 3', command: 'xdg-open', missing: false })
  })

  it('says why not when there is no opener at all', async () => {
    const missing = ((_command: string, args: string[], options: object) =>
      spawn(join(dir, 'no-such-opener'), args, options as never)) as unknown as typeof spawn
    const result = await openInBrowser('file:///x.html', { platform: 'linux', spawn: missing })
    expect(result).toEqual({ opened: false, reason: 'xdg-open was not found', command: 'xdg-open', missing: true })
  })

  it('takes an opener still running after a while to have handed the page over', async () => {
    const slow = ((_command: string, _args: string[], options: object) =>
      spawn('sleep', ['5'], options as never)) as unknown as typeof spawn
    expect(await openInBrowser('file:///x.html', { platform: 'linux', spawn: slow, waitMs: 100 })).toEqual({ opened: true })
  })

  it("uses each system's own opener", () => {
    expect(browserCommand('u', 'darwin')).toEqual(['open', ['u']])
    expect(browserCommand('u', 'win32')).toEqual(['cmd', ['/c', 'start', '""', 'u']])
    expect(browserCommand('u', 'linux')).toEqual(['xdg-open', ['u']])
  })
})
