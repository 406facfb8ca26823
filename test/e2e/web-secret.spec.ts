/// <reference lib="dom" />
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WEB_SECRET_HEADER } from '../../src-shared/web-transport'
import { rawRequest } from '../support/raw-http'
import { writeLaunchFile } from '../../src-main/web/launch-file'
import { createTranslator } from '../../src-main/platform/i18n/translator'
import { type AppUnderTest, connectAccount, expect, test } from './support/fixtures'

test.use({ emulatorOptions: { groups: 60, seed: 7 } })

/** Another local server, as any program on this machine could run: it keeps every request it gets. */
async function recordingServer(): Promise<{
  origin: string
  received: IncomingHttpHeaders[]
  close(): Promise<void>
}> {
  const received: IncomingHttpHeaders[] = []
  const server = createServer((req, res) => {
    received.push(req.headers)
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end('<!doctype html><title>another local server</title><p>hello</p>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}

/** Sends what the other server received to the app's server, from outside a browser, posing as the app's page. */
async function replay(app: AppUnderTest, headers: IncomingHttpHeaders, path: string, method: string): Promise<number> {
  const forged: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || ['host', 'content-length', 'connection'].includes(name)) continue
    forged[name] = Array.isArray(value) ? value.join('; ') : value
  }
  forged['origin'] = app.origin
  forged['sec-fetch-site'] = 'same-origin'
  forged['content-type'] = 'application/json'
  const answer = await rawRequest(app.origin + path, {
    method,
    headers: forged,
    ...(method === 'POST' ? { body: '{}' } : {}),
  })
  return answer.status
}

test('no credential the app accepts reaches another local server the same browser visits', async ({ page, context, app, emulator }) => {
  const fetched: string[] = []
  page.on('request', (request) => fetched.push(request.url()))

  // Use the app: connect an account, let its groups and their pictures arrive, open the about box.
  await page.goto(app.url)
  await connectAccount(page, emulator, { storage: 'session' })
  // Pictures need the secret, so the page fetches them and shows them from blob: URLs.
  const avatar = page.getByTestId('avatar-image').first()
  await expect(avatar).toHaveAttribute('src', /^blob:/, { timeout: 30_000 })
  expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  await page.getByTestId('about-open').click()
  await expect(page.getByTestId('about-transport')).toHaveAttribute('data-transport', 'web')
  expect(fetched.some((url) => url.includes('/api/events'))).toBe(true)

  // Then the user follows a link to another local server, by its IP and by "localhost".
  const other = await recordingServer()
  try {
    const port = new URL(other.origin).port
    await page.goto(other.origin + '/after-statusdesk')
    await page.goto(`http://localhost:${port}/by-name`)
    // A page there loads the app's addresses too, as a hostile page would try.
    await page.goto(`${other.origin}/probe`)
    await page.evaluate(async (appOrigin) => {
      const img = new Image()
      img.src = `${appOrigin}/api/session`
      await fetch(`${appOrigin}/api/invoke/app:info`, {
        method: 'POST',
        mode: 'no-cors',
        credentials: 'include',
      }).catch(() => null)
    }, app.origin)

    expect(other.received.length).toBeGreaterThanOrEqual(3)
    for (const headers of other.received) {
      expect(headers.cookie).toBeUndefined()
      expect(JSON.stringify(headers)).not.toContain(app.secret)
      for (const [path, method] of [
        ['/api/invoke/app:info', 'POST'],
        ['/api/invoke/accounts:list', 'POST'],
        ['/api/events', 'GET'],
        ['/api/session', 'GET'],
      ] as const) {
        expect(await replay(app, headers, path, method), `${method} ${path}`).toBe(401)
      }
    }
    // The replay is refused for want of the secret, not for its form: with the secret it works.
    const withSecret = { ...other.received[0]!, [WEB_SECRET_HEADER]: app.secret }
    expect(await replay(app, withSecret, '/api/invoke/app:info', 'POST')).toBe(200)
    expect(await context.cookies()).toEqual([])
  } finally {
    await other.close()
  }
})

test('an address without the secret (a bookmark) shows where to find the right one', async ({ page, app }) => {
  await page.goto(app.origin + '/')
  await expect(page.getByTestId('web-session-missing')).toBeVisible()
  await expect(page.getByTestId('web-session-missing')).toContainText('terminal')
  await expect(page.getByTestId('connect-view')).toHaveCount(0)
})

test('after a restart on the same address, an open tab says where the new address is, and that address works', async ({ page, app }) => {
  await page.goto(app.url)
  await expect(page.getByTestId('about-open')).toBeVisible()
  const before = app
  app = await app.restart()
  expect(app.origin).toBe(before.origin)
  expect(app.secret).not.toBe(before.secret)

  // The tab still holds the old secret: its next call is refused, and it says what to do. That
  // call is a click, or the event stream reconnecting by itself, whichever comes first.
  const missing = page.getByTestId('web-session-missing')
  await expect(async () => {
    if (!(await missing.isVisible())) await page.getByTestId('about-open').click({ timeout: 1_000 })
    await expect(missing).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  await page.getByTestId('web-session-missing-action').click()
  await expect(page.getByTestId('web-session-missing')).toBeVisible()

  // Opening the newly printed address in that same tab changes only its fragment; the app starts afresh.
  await page.goto(app.url)
  await page.getByTestId('about-open').click()
  await expect(page.getByTestId('about-transport')).toHaveAttribute('data-transport', 'web')
  expect(page.url()).not.toContain(app.secret)
})

test('the launch file that --open hands to the browser opens the app with its secret', async ({ page, app }) => {
  const launch = await writeLaunchFile(app.dataDir, app.url, createTranslator('en'))
  await page.goto(launch.fileUrl)
  await page.waitForURL((url) => url.origin === app.origin)
  await page.getByTestId('about-open').click()
  await expect(page.getByTestId('about-transport')).toHaveAttribute('data-transport', 'web')
  expect(page.url()).not.toContain(app.secret)
})
