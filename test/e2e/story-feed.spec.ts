import { readFile, rm, writeFile, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, sharedSession, test } from './support/fixtures'

const CLIP = join(import.meta.dirname, '..', 'fixtures', 'media', 'clip-2s.mp4')
const MB = 1024 * 1024

const session = sharedSession({
  emulatorOptions: { groups: 30, seed: 5, viewerEveryMs: 2_000 },
  window: { viewport: { width: 1360, height: 900 }, locale: 'en-GB' },
  pageOptions: { consoleErrors: 'except-failed-loads' },
  connection: { storage: 'weak' },
})

let dir: string
let video: string

const requests = (route: string) => session.emulator.control.requests.list().filter((r) => r.route === route)
const published = (caption: string) => session.emulator.control.stories.list().filter((s) => s.caption === caption)
async function uploads(): Promise<{ id: string; bytes: number; mimeType: string }[]> {
  const { emulator } = session
  const res = await fetch(`${emulator.baseUrl}/__emulator/uploads`, { headers: { authorization: `Bearer ${emulator.token}` } })
  return ((await res.json()) as { uploads: { id: string; bytes: number; mimeType: string }[] }).uploads
}

/** The 2-second test clip padded with a `free` box to `bytes`: a valid MP4 of that size. */
async function paddedClip(bytes: number): Promise<string> {
  const clip = await readFile(CLIP)
  const pad = bytes - clip.length
  const box = Buffer.alloc(pad)
  box.writeUInt32BE(pad, 0)
  box.write('free', 4, 'latin1')
  const path = join(dir, 'holiday-20mb.mp4')
  await writeFile(path, Buffer.concat([clip, box]))
  return path
}

async function publishVideo(caption: string): Promise<void> {
  const { page } = session
  await page.getByTestId('nav-story').click()
  await page.getByTestId('story-kind-media').click()
  await page.getByTestId('story-media-file').setInputFiles(video)
  await expect(page.getByTestId('story-media-facts')).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('story-caption').fill(caption)
  await page.getByTestId('story-publish').click()
  await expect(page.getByTestId('story-result')).toHaveAttribute('data-state', 'sent', { timeout: 60_000 })
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  const { page } = session
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-feed-e2e-'))
  video = await paddedClip(20 * MB)
  // A 20 MB video is over the default 16 MB limit.
  await page.getByTestId('nav-settings').click()
  const limit = page.getByTestId('settings-stories-videoMaxBytes')
  await limit.fill('32')
  await limit.dispatchEvent('change')
  await expect(limit).toHaveValue('32')
})

test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

test('a 20 MB video goes up once with POST /media, then one small POST /stories carries its id', async ({ emulator, problems }) => {
  emulator.control.requests.clear()
  await publishVideo('Holiday clip')
  const [upload] = await uploads()
  expect(upload).toMatchObject({ bytes: 20 * MB, mimeType: 'video/mp4' })
  expect(requests('media')).toHaveLength(1)
  expect(requests('stories')).toHaveLength(1)
  const [story] = published('Holiday clip')
  expect(story).toMatchObject({ kind: 'video', media: { form: 'media-id', id: upload!.id } })
  // Its id, the caption and the small preview JPEG: a few kilobytes, not 20 MB of base64.
  expect(JSON.stringify(story!.request).length).toBeLessThan(16_000)
  expect(problems).toEqual([])
})

test('a reset during the upload sends the upload again, and the story is published once', async ({ emulator }) => {
  emulator.control.requests.clear()
  emulator.control.faults.add({ type: 'reset', route: 'media', times: 1, bytes: 2 })
  await publishVideo('Holiday clip, again')
  expect(requests('media').map((r) => r.outcome)).toEqual(['reset', 'answered'])
  expect(requests('stories')).toHaveLength(1)
  expect(published('Holiday clip, again')).toHaveLength(1)
})

/** The emulator's contact book: number → the name a viewer list should show. */
async function contactBook(): Promise<Map<string, string>> {
  const { emulator } = session
  const book = new Map<string, string>()
  for (let offset = 0; offset < 100_000; offset += 500) {
    const res = await fetch(`${emulator.baseUrl}/contacts?count=500&offset=${offset}`, {
      headers: { authorization: `Bearer ${emulator.token}` },
    })
    const { contacts } = (await res.json()) as { contacts: { id: string; name: string; pushname?: string }[] }
    for (const c of contacts) book.set(c.id.replace(/@.*$/, ''), c.name || c.pushname || '')
    if (contacts.length < 500) break
  }
  return book
}

test('a story posted from the phone shows in Stories after a sync; viewers appear, grow and are named', async ({
  appPage: page,
  emulator,
}) => {
  const res = await fetch(`${emulator.baseUrl}/__emulator/phone-story`, {
    method: 'POST',
    body: JSON.stringify({ caption: 'Sunrise from the phone', ago_seconds: 10 }),
    headers: { authorization: `Bearer ${emulator.token}`, 'content-type': 'application/json' },
  })
  const phoneId = ((await res.json()) as { story: { id: string } }).story.id
  await page.getByTestId('nav-feed').click()
  await page.getByTestId('feed-sync').click()
  const card = page.locator(`[data-testid="feed-story"][data-story="${phoneId}"]`)
  await expect(card).toBeVisible({ timeout: 20_000 })
  await expect(card.getByTestId('feed-source')).toHaveText('Posted from the phone')
  await expect(card.getByTestId('feed-time-left')).toContainText('23 h')
  // The video published above is listed too, settled to the server's status.
  await expect(page.locator('[data-testid="feed-story"][data-origin="both"]').first()).toBeVisible()

  await card.getByTestId('feed-views-open').click()
  const count = page.getByTestId('viewers-count')
  await expect(count).not.toHaveAttribute('data-count', '0', { timeout: 20_000 })
  const first = Number(await count.getAttribute('data-count'))
  expect(first).toBeGreaterThanOrEqual(5)
  // The first viewers wrote the last message of a cached group: their names are known.
  await expect(page.getByTestId('viewer-name').first()).not.toHaveText(/^\d+$/)
  // Those in the account's contact book (GET /contacts) show the name saved there.
  const book = await contactBook()
  const shown = await page
    .getByTestId('viewer')
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.getAttribute('data-viewer') ?? '',
        row.querySelector('[data-testid="viewer-name"]')?.textContent?.trim() ?? '',
      ]),
    )
  const inBook = shown.filter(([id]) => book.has(id!))
  expect(inBook.length).toBeGreaterThan(0)
  for (const [id, name] of inBook) expect(name).toBe(book.get(id!))
  await expect(page.getByTestId('views-chart')).toBeVisible()

  await page.waitForTimeout(16_000)
  await page.getByTestId('viewers-refresh').click()
  await expect.poll(async () => Number(await count.getAttribute('data-count')), { timeout: 20_000 }).toBeGreaterThan(first)

  // Posted again to one contact, through the outbox: one PUT, and the copy goes to that contact.
  await page.getByTestId('repost-contacts').fill('+1 555 010 1234')
  await page.getByTestId('repost-submit').click()
  await expect(page.getByTestId('repost-result')).toHaveAttribute('data-state', 'sent', { timeout: 20_000 })
  expect(requests('story').filter((r) => r.method === 'PUT')).toHaveLength(1)
  expect(published('Sunrise from the phone').map((s) => s.contacts)).toEqual([undefined, ['15550101234']])
})

test('the Stories view works offline after a restart, from its cache', async ({ appPage: page, emulator }) => {
  const phone = emulator.control.stories.list().find((s) => s.caption === 'Sunrise from the phone')!
  await emulator.stop()
  page = await session.restartApp()
  await expect(page.getByTestId('app-frame')).toBeVisible()
  await page.getByTestId('nav-feed').click()
  await expect(page.locator(`[data-testid="feed-story"][data-story="${phone.id}"]`)).toBeVisible({ timeout: 20_000 })
  await page.locator(`[data-testid="feed-story"][data-story="${phone.id}"]`).getByTestId('feed-views-open').click()
  await expect(page.getByTestId('viewers-count')).not.toHaveAttribute('data-count', '0')
  await session.restartEmulator()
})
