/// <reference lib="dom" />
import { connectAccount, expect, sharedSession, test } from './support/fixtures'
import { seriousViolations } from './support/axe'

const session = sharedSession({
  emulatorOptions: { groups: 300, seed: 7 },
  window: { viewport: { width: 1280, height: 800 }, locale: 'en-GB' },
})

test.describe.configure({ mode: 'serial' })

/** Findings per view, gathered over the whole tour so that one run lists everything to fix. */
const found: Record<string, unknown> = {}

async function audit(view: string): Promise<void> {
  const findings = await seriousViolations(session.page)
  if (findings.length > 0) found[view] = findings
}

async function expectNoSeriousViolations(view: string): Promise<void> {
  await audit(view)
  expect(found).toEqual({})
}

async function setTheme(theme: 'light' | 'dark'): Promise<void> {
  const { page } = session
  await page.getByTestId('nav-settings').click()
  await page.getByTestId(`theme-${theme}`).check({ force: true })
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the connect view has no serious or critical violations (${scheme})`, async ({ appPage: page, app }) => {
    await page.emulateMedia({ colorScheme: scheme })
    await page.goto(app.url)
    await expect(page.getByTestId('connect-view')).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme)
    await expectNoSeriousViolations(`connect (${scheme})`)
  })
}

test('every view of a connected account has no serious or critical violations, in both themes', async ({
  appPage: page,
  emulator,
  app,
}) => {
  test.setTimeout(180_000)
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(app.url)
  await connectAccount(page, emulator, { storage: 'session' })

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(theme)
    await audit(`settings (${theme})`)

    await page.getByTestId('nav-groups').click()
    await expect(page.getByTestId('group-row').first()).toBeVisible()
    await audit(`groups list (${theme})`)

    await page.getByTestId('group-row').first().click()
    await expect(page.getByTestId('group-detail')).toBeVisible()
    await expect(page.getByTestId('detail-loading')).toHaveCount(0)
    await audit(`group detail (${theme})`)

    await page.getByTestId('nav-story').click()
    await expect(page.getByTestId('story-view')).toBeVisible()
    await audit(`composer (${theme})`)

    await page.getByTestId('nav-outbox').click()
    await expect(page.getByTestId('outbox-view')).toBeVisible()
    await audit(`outbox and history (${theme})`)
  }
  expect(found).toEqual({})
})

test('asking the system for less motion stops the animations and transitions', async ({ appPage: page, app }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto(app.url)
  // The page settles (it drops the secret from its address) before anything is measured in it.
  await expect(page.getByTestId('app-frame').or(page.getByTestId('connect-view'))).toBeVisible()
  const timings = await page.evaluate(() => {
    const probe = document.createElement('div')
    probe.style.animation = 'spin 2s linear infinite'
    probe.style.transition = 'opacity 300ms'
    document.body.append(probe)
    const style = getComputedStyle(probe)
    return {
      animation: parseFloat(style.animationDuration),
      transition: parseFloat(style.transitionDuration),
      loops: style.animationIterationCount,
    }
  })
  expect(timings.animation).toBeLessThan(0.001)
  expect(timings.transition).toBeLessThan(0.001)
  expect(timings.loops).toBe('1')
  await page.emulateMedia({ reducedMotion: 'no-preference' })
})
