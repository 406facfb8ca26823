import { describe, expect, it } from 'vitest'
import type { ElectronBinary } from '../../../../src-main/launcher/electron-binary'
import { type EnsureElectronPorts, type InstallerRun, ensureElectron } from '../../../../src-main/launcher/ensure-electron'

const FETCH_FAILED = `TypeError: fetch failed
    at node:internal/deps/undici/undici:14976:13
    at async FetchDownloader.download (file:///x/node_modules/@electron/get/dist/FetchDownloader.js:46:30) {
  [cause]: Error: getaddrinfo ENOTFOUND github.com`

function ports(install: () => InstallerRun, binaryAfterInstall: boolean) {
  let installed = false
  const printed: string[] = []
  const port: EnsureElectronPorts = {
    locate: (): ElectronBinary => (installed && binaryAfterInstall ? { path: '/e/dist/electron' } : { missing: 'no binary' }),
    install: async () => {
      installed = true
      return install()
    },
    print: (line) => printed.push(line),
    version: '45.4.1',
    target: 'linux-x64',
  }
  return { port, printed, wasInstalled: () => installed }
}

describe('ensureElectron', () => {
  it('uses a binary already on disk without running the installer', async () => {
    const { port, wasInstalled } = ports(() => ({ code: 0, stderr: '' }), true)
    port.locate = () => ({ path: '/already/electron' })
    expect(await ensureElectron(port)).toEqual({ ok: true, path: '/already/electron' })
    expect(wasInstalled()).toBe(false)
  })

  it('runs the installer on the first start, says so, then hands back the binary', async () => {
    const { port, printed } = ports(() => ({ code: 0, stderr: '' }), true)
    expect(await ensureElectron(port)).toEqual({ ok: true, path: '/e/dist/electron' })
    expect(printed).toEqual([expect.stringMatching(/First start: downloading the Electron 45\.4\.1 runtime for linux-x64/)])
  })

  it('turns a failed download into one sentence that names web mode, with no stack trace', async () => {
    const { port } = ports(() => ({ code: 1, stderr: FETCH_FAILED }), false)
    const result = await ensureElectron(port)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.message).toBe(
      `Statusdesk could not start: the Electron runtime could not be downloaded because Electron's download host could not be reached (no network, or it is blocked here). Run "npm run start:web" to use Statusdesk in your browser instead.`,
    )
    expect(result.message).not.toMatch(/\n|\bat |FetchDownloader/)
  })

  it.each([
    [{ code: 1, stderr: 'HTTPError: Response code 404 (Not Found)' }, 'the download host refused the request'],
    [{ code: 1, stderr: 'Error: Generated checksum for "electron.zip" did not match expected checksum' }, 'did not match its checksum'],
    [{ code: 1, stderr: 'Error: ENOSPC: no space left on device' }, 'the disk is full'],
    [{ code: null, stderr: '' }, 'took too long'],
    [{ code: 3, stderr: 'something else' }, 'exit code 3'],
  ])('names the reason: %j', async (run, reason) => {
    const { port } = ports(() => run, false)
    const result = await ensureElectron(port)
    expect(result.ok ? '' : result.message).toContain(reason)
  })

  it('fails plainly when the installer says it succeeded but left no binary', async () => {
    const { port } = ports(() => ({ code: 0, stderr: '' }), false)
    const result = await ensureElectron(port)
    expect(result.ok ? '' : result.message).toContain('its installer finished but left no binary')
  })
})
