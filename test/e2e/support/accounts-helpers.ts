import { request as httpRequest, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, type Page } from '@playwright/test'
import { WEB_EVENTS_PATH, WEB_SECRET_HEADER } from '../../../src-shared/web-transport'
import type { WebApp } from './web-app'

/** Every byte of the web mode's event stream (all events, whatever their name) while it is open. */
export function captureEventStream(app: WebApp): Promise<{ text(): string; close(): void }> {
  return new Promise((resolve, reject) => {
    let text = ''
    const req = httpRequest(`${app.origin}${WEB_EVENTS_PATH}`, { headers: { [WEB_SECRET_HEADER]: app.secret } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`event stream answered ${res.statusCode}`))
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('error', () => {})
      resolve({ text: () => text, close: () => req.destroy() })
    })
    req.on('error', (error) => {
      if (!text) reject(error)
    })
    req.end()
  })
}

/** A web server that is not a messaging API: it answers everything with the same page. */
export async function plainServer(status: number, body: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html' })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Fills the connect form and presses Connect; `storage` is for a system without a keyring. */
export async function fillConnect(
  page: Page,
  form: { baseUrl: string; token: string; label?: string; storage?: 'session' | 'weak' },
): Promise<void> {
  const view = page.getByTestId('connect-view').last()
  await view.getByTestId('connect-base-url').fill(form.baseUrl)
  await view.getByTestId('connect-token').fill(form.token)
  if (form.label !== undefined) await view.getByTestId('connect-label').fill(form.label)
  if (form.storage) await view.getByTestId(`connect-storage-${form.storage}`).check()
  await view.getByTestId('connect-submit').click()
}

export async function expectConnectFailure(page: Page, reason: string, words: RegExp): Promise<void> {
  const error = page.getByTestId('connect-error')
  await expect(error).toHaveAttribute('data-reason', reason)
  // Hosts and numbers come isolated for right-to-left text; the words are read without the marks.
  await expect.poll(async () => (await error.textContent())?.replace(/[\u2066-\u2069]/g, '')).toMatch(words)
}

export async function openAccountsSettings(page: Page): Promise<void> {
  await page.getByTestId('nav-settings').click()
  await expect(page.getByTestId('accounts-settings')).toBeVisible()
}

/** The id of the account whose label is shown, read from its row in Settings. */
export async function accountIdByLabel(page: Page, label: string): Promise<string> {
  const row = page.locator('[data-testid^="accounts-item-"]', { has: page.locator('[data-testid^="accounts-label-"]', { hasText: label }) })
  const testid = await row.first().getAttribute('data-testid')
  if (!testid) throw new Error(`no account labelled ${label}`)
  return testid.replace('accounts-item-', '')
}
