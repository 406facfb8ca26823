/**
 * `npm start` after the build, as a process: a stand-in electron package (its install.js and
 * its "binary" are small scripts) proves both branches for real: the installer fails and one
 * sentence names web mode, or it succeeds and the app is launched with its exit code passed on.
 */
import { spawn } from 'node:child_process'
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const START = join(import.meta.dirname, '..', '..', '..', '..', 'src-main', 'launcher', 'start.ts')

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-launcher-'))
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'electron', version: '45.4.1' }))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

function start(): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const began = Date.now()
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', START], {
      env: { ...process.env, STATUSDESK_ELECTRON_PACKAGE_DIR: dir, ELECTRON_OVERRIDE_DIST_PATH: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c))
    child.stderr.on('data', (c: Buffer) => (stderr += c))
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - began }))
  })
}

describe.skipIf(process.platform === 'win32')('npm start', () => {
  it('without network: exits 1 within seconds with one sentence naming web mode, no stack trace', async () => {
    await writeFile(
      join(dir, 'install.js'),
      `console.error(new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND github.com') }).stack + '\\n  [cause]: Error: getaddrinfo ENOTFOUND github.com'); process.exit(1)`,
    )
    const run = await start()
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('First start: downloading the Electron 45.4.1 runtime')
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/could not be reached.*Run "npm run start:web"/)])
    expect(run.ms).toBeLessThan(60_000)
  })

  it('with the installer succeeding: launches the app with the project folder and passes on its exit code', async () => {
    const marker = join(dir, 'launched.txt')
    await writeFile(
      join(dir, 'install.js'),
      `const fs = require('fs'), path = require('path');
       fs.mkdirSync(path.join(__dirname, 'dist'), { recursive: true });
       const bin = path.join(__dirname, 'dist', 'electron');
       fs.writeFileSync(bin, '#!/bin/sh\\necho "$PWD $@" > ${JSON.stringify(marker)}\\nexit 7\\n', { mode: 0o755 });
       fs.writeFileSync(path.join(__dirname, 'path.txt'), 'electron');`,
    )
    await chmod(join(dir, 'install.js'), 0o644)
    const run = await start()
    expect(run.stderr).toBe('')
    expect(run.code).toBe(7)
    const [cwd, arg] = (await readFile(marker, 'utf8')).trim().split(' ')
    expect(arg).toBe('.')
    expect(await readFile(join(cwd!, 'package.json'), 'utf8')).toContain('"name": "statusdesk"')
  })

  it('a second start finds the binary and does not run the installer again', async () => {
    await writeFile(join(dir, 'install.js'), `require('fs').writeFileSync(${JSON.stringify(join(dir, 'ran'))}, 'x'); process.exit(1)`)
    await writeFile(join(dir, 'path.txt'), 'electron')
    const { mkdir } = await import('node:fs/promises')
    await mkdir(join(dir, 'dist'))
    await writeFile(join(dir, 'dist', 'electron'), '#!/bin/sh\nexit 0\n', { mode: 0o755 })
    const run = await start()
    expect(run.code).toBe(0)
    expect(run.stdout).not.toContain('First start')
    await expect(readFile(join(dir, 'ran'))).rejects.toThrow()
  })
})
