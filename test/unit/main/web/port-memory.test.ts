import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EventHub } from '../../../../src-main/platform/events'
import { silentLogger } from '../../../../src-main/platform/log/log'
import { WebUsageError } from '../../../../src-main/web/options'
import { listenOnChosenPort, readRememberedPort, rememberPort } from '../../../../src-main/web/port-memory'
import { type WebServer, startWebServer } from '../../../../src-main/web/server'
import { testHandlers } from '../../../support/handlers'

let dir: string
const servers: WebServer[] = []

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-port-'))
})
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
  await rm(dir, { recursive: true, force: true })
})

const start = async (port: number) => {
  const server = await startWebServer({
    handlers: testHandlers(),
    events: new EventHub(),
    rendererDir: dir,
    log: silentLogger,
    port,
  })
  servers.push(server)
  return server
}

async function occupy(): Promise<{ port: number; close(): Promise<void> }> {
  const blocker = createServer()
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
  const address = blocker.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { port, close: () => new Promise((resolve) => blocker.close(() => resolve())) }
}

describe('the remembered web port', () => {
  it('is written owner-only and read back', async () => {
    await rememberPort(dir, 4567)
    expect(await readRememberedPort(dir)).toBe(4567)
    if (process.platform !== 'win32') expect((await stat(join(dir, 'web-port.json'))).mode & 0o777).toBe(0o600)
    await rememberPort(dir, 4568)
    expect(await readRememberedPort(dir)).toBe(4568)
  })

  it('is ignored when missing, damaged, out of range or oversized', async () => {
    expect(await readRememberedPort(dir)).toBeNull()
    for (const text of ['{', '{"port":"4567"}', '{"port":70000}', '{"port":1.5}', `{"port":4567,"x":"${'y'.repeat(1000)}"}`]) {
      await writeFile(join(dir, 'web-port.json'), text)
      expect(await readRememberedPort(dir)).toBeNull()
    }
  })

  it('is reused when free, so the same address answers after a restart', async () => {
    const first = await listenOnChosenPort(start, { asked: null, remembered: null })
    await rememberPort(dir, first.port)
    await first.close()
    const second = await listenOnChosenPort(start, {
      asked: null,
      remembered: await readRememberedPort(dir),
    })
    expect(second.origin).toBe(first.origin)
  })

  it('gives way to any free port when another program holds it', async () => {
    const blocker = await occupy()
    try {
      const server = await listenOnChosenPort(start, { asked: null, remembered: blocker.port })
      expect(server.port).not.toBe(blocker.port)
      expect(server.port).toBeGreaterThan(0)
    } finally {
      await blocker.close()
    }
  })

  it('is never replaced by another port when one was asked for: a taken one is refused in a sentence', async () => {
    const blocker = await occupy()
    try {
      const attempt = listenOnChosenPort(start, { asked: blocker.port, remembered: 1 })
      await expect(attempt).rejects.toThrow(WebUsageError)
      await expect(attempt).rejects.toMatchObject({
        text: { key: 'desktop.web.usage.portInUse', params: { port: blocker.port, option: '--port N' } },
      })
    } finally {
      await blocker.close()
    }
    const asked = await listenOnChosenPort(start, { asked: blocker.port, remembered: null })
    expect(asked.port).toBe(blocker.port)
  })

  it('refuses a port asked for that needs special rights, in a sentence', async () => {
    const denied = (port: number) => Promise.reject(Object.assign(new Error(`listen EACCES 127.0.0.1:${port}`), { code: 'EACCES' }))
    const attempt = listenOnChosenPort(denied, { asked: 80, remembered: null })
    await expect(attempt).rejects.toThrow(WebUsageError)
    await expect(attempt).rejects.toMatchObject({
      text: { key: 'desktop.web.usage.portNeedsRights', params: { port: 80, option: '--port N' } },
    })
  })
})
