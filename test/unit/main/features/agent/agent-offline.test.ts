import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { APP_FILE_LIST, APP_FILES } from '../../../../../src-main/account/files/app-files'
import { FileRoot } from '../../../../../src-main/account/files/file-root'
import { AgentViews } from '../../../../../src-main/features/agent/agent-offline'
import { silentLogger } from '../../../../../src-main/platform/log/log'

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-agent-views-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const at = (seconds: number) => new Date(Date.parse('2026-11-28T10:00:00.000Z') + seconds * 1000).toISOString()

describe("the agent's last answers kept on disk", () => {
  it('writes an unchanged answer again only once it is a minute old, and a changed one at once', async () => {
    const views = new AgentViews(new FileRoot(dir, APP_FILE_LIST, { log: silentLogger }).json(APP_FILES.agentViews))
    const onDisk = async () =>
      JSON.parse(await readFile(join(dir, 'agent-views.json'), 'utf8')) as {
        accounts: Record<string, Array<{ asOf: string; value: unknown }>>
      }
    await views.put('a1', 'stories:outbox-list', [{ id: 'x', rev: 1 }], at(0))
    await views.put('a1', 'stories:outbox-list', [{ id: 'x', rev: 1 }], at(30))
    expect((await onDisk()).accounts['a1']).toEqual([{ key: 'stories:outbox-list', asOf: at(0), value: [{ id: 'x', rev: 1 }] }])
    await views.put('a1', 'stories:outbox-list', [{ id: 'x', rev: 2 }], at(31))
    expect(await views.get('a1', 'stories:outbox-list')).toEqual({ key: 'stories:outbox-list', asOf: at(31), value: [{ id: 'x', rev: 2 }] })
    await views.put('a1', 'stories:outbox-list', [{ id: 'x', rev: 2 }], at(95))
    expect((await views.get('a1', 'stories:outbox-list'))?.asOf).toBe(at(95))
  })
})
