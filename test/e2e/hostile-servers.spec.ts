import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, sharedSession, test } from './support/fixtures'

/**
 * The app against servers that misbehave on purpose: an upload refused while it is still
 * going out, media addresses inside the network, contact ids outside the contract.
 */
const PHOTO = join(import.meta.dirname, '..', 'fixtures', 'media', 'photo-360x640.jpg')

const session = sharedSession({
  /**
   * The emulator in its own process, as the provider is: whether an early answer reaches the
   * client depends on both ends running at their own pace. It refuses every upload after its
   * first 64 KiB, as the provider does with an oversized one; the file goes up alone with
   * POST /media before the story, so that is where the early 413 meets it.
   */
  emulatorProcessOptions: { groups: 20, seed: 4, faults: [{ type: 'early-answer', afterBytes: 64 * 1024, route: ['media', 'stories'] }] },
  window: { viewport: { width: 1360, height: 900 }, locale: 'en-GB' },
  connection: { storage: 'weak' },
})

let dir: string
let large: string
let photoHost: Server

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-hostile-'))
  // A real JPEG made 4.5 MB by what follows its end: within the app's 5 MB image limit.
  large = join(dir, 'large-photo.jpg')
  await writeFile(large, Buffer.concat([await readFile(PHOTO), randomBytes(4.5 * 1024 * 1024)]))
  const jpeg = await readFile(PHOTO)
  photoHost = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg))
  await new Promise<void>((resolve) => photoHost.listen(0, '127.0.0.1', resolve))
  await session.page.getByTestId('nav-story').click()
  await session.page.getByTestId('story-kind-media').click()
})

test.afterAll(async () => {
  await new Promise((resolve) => photoHost?.close(resolve))
  await rm(dir, { recursive: true, force: true })
  expect(session.problems).toEqual([])
})

type Requests = { requests: { route: string; status: number }[] }
const uploadRequests = async () =>
  (await session.emulatorProcess.control<Requests>('/requests')).requests.filter((r) => r.route === 'media' || r.route === 'stories')

test('an upload the server refuses with an early 413 is reported as too large: not retried, not queued, not unknown', async ({
  appPage: page,
  emulatorProcess: emulator,
}) => {
  await page.getByTestId('story-media-file').setInputFiles(large)
  await expect(page.getByTestId('story-media-chosen')).toHaveAttribute('data-kind', 'image')
  await page.getByTestId('story-caption').fill('Too big for the server')
  // The refusal races the upload: each try must be read as the refusal it is. On a loaded
  // machine the socket may close before the 413 is read; the upload, which publishes
  // nothing, is then sent once more and meets the same refusal. Never more than that.
  const TRIES = 5
  for (let i = 1; i <= TRIES; i++) {
    const before = (await uploadRequests()).length
    await page.getByTestId('story-publish').click()
    const error = page.getByTestId('story-error')
    await expect(error).toHaveAttribute('data-code', 'too-large', { timeout: 30_000 })
    await expect(error).toContainText('The media is too large')
    // The server's own words are kept, under Details.
    await expect(page.getByTestId('error-extras')).toContainText('Request media too large')
    await expect(page.getByTestId('story-result')).toHaveCount(0)
    await expect.poll(async () => (await uploadRequests()).length).toBeGreaterThan(before)
    expect((await uploadRequests()).length - before).toBeLessThanOrEqual(2)
  }
  const sent = await uploadRequests()
  expect(sent.length).toBeLessThanOrEqual(2 * TRIES)
  expect(sent.map((r) => [r.route, r.status])).toEqual(Array.from({ length: sent.length }, () => ['media', 413]))
  expect((await emulator.control<{ stories: unknown[] }>('/stories')).stories).toEqual([])

  await page.getByTestId('nav-outbox').click()
  await expect(page.getByTestId('outbox-item')).toHaveCount(0)
  await page.getByTestId('nav-story').click()
  await page.getByTestId('story-media-remove').click()
})

test('media by URL from inside the network is refused with one message; the account’s own network is allowed', async ({
  appPage: page,
}) => {
  const field = page.getByTestId('story-media-url')
  const messages: string[] = []
  for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1:8080/photo.jpg', 'http://[fd00::1]/photo.jpg']) {
    await field.fill(url)
    await page.getByTestId('story-media-url-fetch').click()
    const error = page.getByTestId('story-media-error')
    await expect(error).toBeVisible({ timeout: 10_000 })
    messages.push((await error.textContent()) ?? '')
  }
  expect(new Set(messages)).toEqual(new Set(['The address is not on the public internet, so Statusdesk does not fetch from it.']))

  // The emulator this account talks to is on 127.0.0.1, so that network is the account's own.
  await field.fill(`http://127.0.0.1:${(photoHost.address() as AddressInfo).port}/photo.jpg`)
  await page.getByTestId('story-media-url-fetch').click()
  await expect(page.getByTestId('story-media-facts')).toContainText('360 × 640')
  await page.getByTestId('story-media-remove').click()
})

test('a contact id outside the provider’s contract is refused at the field', async ({ appPage: page }) => {
  await page.getByTestId('story-audience-contacts').check()
  await page.getByTestId('story-contacts-manual').fill('123456789012@lid')
  await page.getByTestId('story-contacts-add').click()
  await expect(page.getByTestId('story-contacts-manual-error')).toContainText('“123456789012@lid” is not a phone number')
  await expect(page.getByTestId('story-audience-count')).toHaveText('No contacts chosen')
  await page.getByTestId('story-audience-everyone').check()
})
