/// <reference lib="dom" />
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { expect, sharedSession, test } from './support/fixtures'

const GROUPS = 1200

interface ServerGroup {
  id: string
  name: string
  description?: string
  participants_count: number
  participants: Array<{ id: string; rank: string }>
  labels?: Array<{ name: string }>
}

const session = sharedSession({
  emulatorOptions: { groups: GROUPS, seed: 23 },
  appOptions: { downloads: true },
  window: { viewport: { width: 1280, height: 800 }, locale: 'en-GB' },
  connection: { storage: 'session' },
})
let source: ServerGroup[] = []

/** The records as the server sent them, read over HTTP like the app reads them. */
async function serverGroups(): Promise<ServerGroup[]> {
  const { emulator } = session
  const all: ServerGroup[] = []
  for (let offset = 0; offset < 100_000; offset += 500) {
    const response = await fetch(`${emulator.baseUrl}/groups?count=500&offset=${offset}`, {
      headers: { Authorization: `Bearer ${emulator.token}` },
    })
    const page = (await response.json()) as { groups: ServerGroup[] }
    all.push(...page.groups)
    if (page.groups.length < 500) break
  }
  return all
}

/** As spreadsheets and Python's csv read a file: any bare CR or LF outside quotes ends a record. */
function readStrictly(text: string): Array<Record<string, string>> {
  return parse(text, { bom: true, columns: true, record_delimiter: ['\r\n', '\n', '\r'] }) as Array<Record<string, string>>
}

/** Formula-like text is written with a leading apostrophe on purpose, so a spreadsheet shows it as text. */
const defused = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text)

async function newestExport(prefix: string): Promise<string> {
  const { downloads } = session.app
  const names = (await readdir(downloads)).filter((name) => name.startsWith(prefix))
  expect(names).toHaveLength(1)
  return readFile(join(downloads, names[0]!), 'utf8')
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  source = await serverGroups()
})

test('the groups export reads back as exactly the server’s records, multi-line descriptions included', async ({ appPage: page }) => {
  const multiLine = source.filter((g) => /[\r\n]/.test(g.description ?? ''))
  expect(multiLine.length).toBeGreaterThan(10)

  await page.getByTestId('groups-export').click()
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved 1,200 rows' })).toBeVisible()
  const records = readStrictly(await newestExport('groups-'))

  expect(records).toHaveLength(source.length)
  const byId = new Map(records.map((r) => [r['id'], r]))
  expect(byId.size).toBe(source.length)
  for (const group of source) {
    const row = byId.get(group.id)
    expect(row, group.id).toBeDefined()
    expect(row!['name']).toBe(defused(group.name))
    expect(row!['description']).toBe(defused(group.description ?? ''))
    expect(row!['participants']).toBe(String(group.participants_count))
    expect(row!['labels']).toBe(defused((group.labels ?? []).map((l) => l.name).join('; ')))
  }
})

test('a participants export reads back as exactly the group’s participants', async ({ appPage: page }) => {
  const group = source.find((g) => /[\r\n]/.test(g.description ?? '') && g.participants.length > 20)!
  await page.getByTestId('groups-search').fill(group.name)
  await page.getByTestId('group-row').filter({ hasText: group.name }).first().click()
  await expect(page.getByTestId('detail-name')).toHaveText(group.name)
  await page.getByTestId('participants-export').click()
  await expect(page.getByTestId('toast').filter({ hasText: `Saved ${group.participants.length} rows` })).toBeVisible()
  const records = readStrictly(await newestExport('participants-'))
  expect(records.map((r) => [r['group_id'], r['group_name'], r['participant_id'], r['rank']])).toEqual(
    group.participants.map((p) => [group.id, defused(group.name), p.id, p.rank]),
  )
})
