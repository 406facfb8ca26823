import { readFileSync } from 'node:fs'
import { WEB_SECRET_HEADER } from '../../src-shared/web-transport'
import { expect, test } from './support/fixtures'

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string; productName: string }

test.use({ pageOptions: { consoleErrors: 'all' } })

test('the about box shows app:info from the main side over the web transport', async ({ appPage: page, app, problems }) => {
  await page.getByTestId('about-open').click()
  const dialog = page.getByTestId('about-dialog')
  await expect(dialog).toBeVisible()
  await expect(page.getByTestId('about-name')).toHaveText(pkg.productName)
  await expect(page.getByTestId('about-version')).toHaveText(pkg.version)
  await expect(page.getByTestId('about-platform')).toContainText(process.platform)
  await expect(page.getByTestId('about-transport')).toHaveAttribute('data-transport', 'web')
  await page.getByTestId('about-close').click()
  await expect(dialog).toBeHidden()

  // The secret leaves the address bar once the page has it.
  expect(page.url()).not.toContain(app.secret)
  expect(problems).toEqual([])
})

test('the page is served with the strict CSP', async ({ request, app }) => {
  const response = await request.get(app.origin + '/')
  const csp = response.headers()['content-security-policy'] ?? ''
  for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    expect(csp).toContain(directive)
  }
})

test('a request without the secret is refused, from the page and from outside', async ({ page, request, app }) => {
  const outside = await request.post(`${app.origin}/api/invoke/app:info`, {
    headers: { origin: app.origin, 'content-type': 'application/json' },
    data: {},
  })
  expect(outside.status()).toBe(401)

  // A fresh browser context has no secret to send.
  await page.goto(app.origin + '/')
  const status = await page.evaluate(async () => {
    const res = await fetch('/api/invoke/app:info', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
    return res.status
  })
  expect(status).toBe(401)

  const withSecret = await request.post(`${app.origin}/api/invoke/app:info`, {
    headers: { origin: app.origin, 'content-type': 'application/json', [WEB_SECRET_HEADER]: app.secret },
    data: {},
  })
  expect(await withSecret.json()).toMatchObject({ ok: true, value: { transport: 'web' } })
})
