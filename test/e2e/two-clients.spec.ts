import type { Browser, Locator, Page } from '@playwright/test'
import type { Emulator } from '../../src-main/emulator'
import { type AppUnderTest, expect, test } from './support/fixtures'

/**
 * Two people on one web mode server, each in their own browser, each on their own account: the
 * account on screen is each page's own. Switching, syncing, searching, writing a story and
 * reading the Stories feed in one page never shows up in the other. Controls are found by role
 * and name, as a user (or their screen reader) finds them.
 */

const SHOP = { label: 'Shop', token: 'e2e_two_clients_shop_11', groups: 7, seed: 'shop-7', caption: 'Shop: fresh bread at noon' }
const HOME = { label: 'Home', token: 'e2e_two_clients_home_22', groups: 13, seed: 'home-13', caption: 'Home: choir practice tonight' }

interface Side {
  page: Page
  /** Uncaught errors of the page. */
  problems: string[]
}

async function openSide(browser: Browser, app: AppUnderTest): Promise<Side> {
  // A browser context of its own: another person's browser, with its own tab storage.
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 }, locale: 'en-GB' })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  await page.goto(app.url)
  return { page, problems }
}

/** Every group of the emulator's account as its API lists them: their names, and the whole answer as text. */
async function groupsOf(server: Emulator): Promise<{ names: string[]; text: string }> {
  const response = await fetch(`${server.baseUrl}/groups?count=100&offset=0`, { headers: { authorization: `Bearer ${server.token}` } })
  const text = await response.text()
  const { groups } = JSON.parse(text) as { groups: Array<{ name?: unknown }> }
  const names = groups.map((group) => group.name).filter((name): name is string => typeof name === 'string' && name.trim().length >= 4)
  return { names, text: text.toLocaleLowerCase() }
}

/**
 * A name of one account's groups found nowhere in the other's (names, descriptions, messages)
 * and in no other name of its own, so a search for it finds that one group, and only in its
 * own account's page.
 */
function distinctive(mine: { names: string[] }, theirs: { text: string }): string {
  const alone = (name: string) => mine.names.filter((other) => other.includes(name)).length === 1
  const found = mine.names.find((name) => alone(name) && !theirs.text.includes(name.toLocaleLowerCase()))
  if (!found) throw new Error('every group name of one emulator shows in the other: choose other seeds')
  return found
}

async function postFromPhone(server: Emulator, caption: string): Promise<void> {
  const response = await fetch(`${server.baseUrl}/__emulator/phone-story`, {
    method: 'POST',
    body: JSON.stringify({ caption, ago_seconds: 30 }),
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
  })
  expect(response.status).toBe(201)
}

const section = (page: Page, name: string): Locator =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true })
const switcher = (page: Page): Locator => page.getByRole('button', { name: /^Account:/ })
const statusLine = (page: Page): Locator => page.getByRole('region', { name: 'Sync status', exact: true })
const groupsList = (page: Page): Locator => page.getByRole('listbox', { name: /^Groups,/ })
const groupsSearch = (page: Page): Locator => page.getByRole('searchbox', { name: /^Search groups/ })
const noMatch = (page: Page): Locator => page.getByRole('status').filter({ hasText: 'No groups match' })
const storyText = (page: Page): Locator => page.getByRole('textbox', { name: 'Text', exact: true })

/** Fills the connect form in `scope` (the first-run view, or the dialog of Settings › Accounts) and connects. */
async function connect(scope: Page | Locator, server: Emulator, account: { label: string }): Promise<void> {
  await scope.getByLabel('Server address').fill(server.baseUrl)
  await scope.getByLabel('API token').fill(server.token)
  await scope.getByLabel('Name (optional)').fill(account.label)
  // Web mode has no keyring: the form asks how to keep the token.
  const weak = scope.getByRole('radio', { name: /weak protection/ })
  if (await weak.isVisible()) await weak.check()
  await scope.getByRole('button', { name: 'Connect', exact: true }).click()
}

/** The page is on `account`, its first sync done: every one of its groups listed. */
async function expectOn(page: Page, account: { label: string; groups: number }): Promise<void> {
  await expect(switcher(page)).toContainText(account.label)
  await expect(statusLine(page)).toContainText(`${account.groups} groups`, { timeout: 60_000 })
  await expect(groupsList(page)).toHaveAccessibleName(`Groups, ${account.groups} items`, { timeout: 30_000 })
}

async function switchTo(page: Page, label: string): Promise<void> {
  await switcher(page).click()
  await page.getByRole('menuitemradio', { name: new RegExp(label) }).click()
  await expect(switcher(page)).toContainText(label)
}

/** Types into the groups search box and waits until the list answers for that text. */
async function search(page: Page, text: string): Promise<void> {
  await section(page, 'Groups').click()
  await groupsSearch(page).fill(text)
}

test.use({ viewport: { width: 1360, height: 900 }, locale: 'en-GB' })

test('two pages on one server each keep their own account: groups, search, composer, Stories and sync', async ({
  browser,
  app,
  emulators,
}) => {
  test.setTimeout(240_000)
  const shopServer = await emulators.start({ token: SHOP.token, groups: SHOP.groups, seed: SHOP.seed })
  const homeServer = await emulators.start({ token: HOME.token, groups: HOME.groups, seed: HOME.seed })
  const [shopGroups, homeGroups] = await Promise.all([groupsOf(shopServer), groupsOf(homeServer)])
  const shopGroup = distinctive(shopGroups, homeGroups)
  const homeGroup = distinctive(homeGroups, shopGroups)
  await postFromPhone(shopServer, SHOP.caption)
  await postFromPhone(homeServer, HOME.caption)

  // Page A connects the shop's account from the first-run view.
  const a = await openSide(browser, app)
  await connect(a.page, shopServer, SHOP)
  await expectOn(a.page, SHOP)

  // Page B, another browser: it adds the home account in Settings › Accounts (or from the
  // first-run view, if main gives a new page no account at all). A stays on the shop.
  const b = await openSide(browser, app)
  const firstRun = b.page.getByRole('heading', { name: 'Connect your account' })
  await expect(section(b.page, 'Settings').or(firstRun).first()).toBeVisible({ timeout: 30_000 })
  if (await firstRun.isVisible()) {
    await connect(b.page, homeServer, HOME)
  } else {
    await section(b.page, 'Settings').click()
    await b.page.getByRole('button', { name: 'Add an account' }).click()
    await connect(b.page.getByRole('dialog'), homeServer, HOME)
  }
  await section(b.page, 'Groups').click()
  await expectOn(b.page, HOME)
  await expectOn(a.page, SHOP)

  // Switching in one page does not move the other, not even when that page asks main again: a
  // reload is the same page (its name is kept in the tab) and comes back on its own account,
  // whichever page switched last.
  await switchTo(b.page, SHOP.label)
  await expectOn(b.page, SHOP)
  await switchTo(b.page, HOME.label)
  await expectOn(b.page, HOME)
  await expectOn(a.page, SHOP)
  await a.page.reload()
  await expectOn(a.page, SHOP)
  await switchTo(a.page, HOME.label)
  await expectOn(a.page, HOME)
  await switchTo(a.page, SHOP.label)
  await expectOn(a.page, SHOP)
  await expectOn(b.page, HOME)
  await b.page.reload()
  await expectOn(b.page, HOME)

  // Each page's groups list and search are its own account's.
  await expect(groupsList(a.page).getByRole('option', { name: new RegExp(escape(shopGroup)) })).toBeVisible()
  await expect(groupsList(b.page).getByRole('option', { name: new RegExp(escape(homeGroup)) })).toBeVisible()
  await search(a.page, homeGroup)
  await expect(noMatch(a.page)).toBeVisible()
  await search(a.page, shopGroup)
  await expect(groupsList(a.page).getByRole('option', { name: new RegExp(escape(shopGroup)) })).toBeVisible()
  await search(b.page, shopGroup)
  await expect(noMatch(b.page)).toBeVisible()
  await search(b.page, homeGroup)
  await expect(groupsList(b.page).getByRole('option', { name: new RegExp(escape(homeGroup)) })).toBeVisible()
  await groupsSearch(a.page).fill('')
  await groupsSearch(b.page).fill('')

  // Each page's composer holds its own account's draft.
  await section(a.page, 'New story').click()
  await a.page.getByRole('radio', { name: 'Text', exact: true }).click()
  await storyText(a.page).fill('Draft for the shop only')
  await section(b.page, 'New story').click()
  await b.page.getByRole('radio', { name: 'Text', exact: true }).click()
  await expect(storyText(b.page)).toHaveValue('')
  await storyText(b.page).fill('Draft for home only')
  // Kept a moment after the last keystroke: each draft, read again, is its own account's.
  await a.page.waitForTimeout(1_500)
  await a.page.reload()
  await expectOn(a.page, SHOP)
  await section(a.page, 'New story').click()
  await expect(storyText(a.page)).toHaveValue('Draft for the shop only')
  await b.page.reload()
  await expectOn(b.page, HOME)
  await section(b.page, 'New story').click()
  await expect(storyText(b.page)).toHaveValue('Draft for home only')

  // Each page's Stories feed lists its own account's stories only.
  for (const [side, mine, theirs] of [
    [a, SHOP.caption, HOME.caption],
    [b, HOME.caption, SHOP.caption],
  ] as const) {
    await section(side.page, 'Stories').click()
    const stories = side.page.getByRole('region', { name: 'Stories', exact: true })
    await stories.getByRole('button', { name: 'Sync stories' }).click()
    const list = stories.getByRole('list', { name: 'The account’s stories' })
    await expect(list).toContainText(mine, { timeout: 30_000 })
    await expect(list).not.toContainText(theirs)
  }

  // A sync in one page changes its own list, not the other's.
  shopServer.control.groups.mutate({ add: 4 })
  await section(a.page, 'Groups').click()
  await section(b.page, 'Groups').click()
  await statusLine(a.page).getByRole('button', { name: 'Sync', exact: true }).click()
  await expectOn(a.page, { ...SHOP, groups: SHOP.groups + 4 })
  // Long enough for the other page to have heard of that sync, had it listened.
  await b.page.waitForTimeout(1_500)
  await expectOn(b.page, HOME)

  expect(a.problems).toEqual([])
  expect(b.problems).toEqual([])
  await a.page.context().close()
  await b.page.context().close()
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
