import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { APP_FILE_LIST, APP_FILES } from '../../../../../src-main/account/files/app-files'
import { FileRoot } from '../../../../../src-main/account/files/file-root'
import { type HostedAccount, HostedAccounts } from '../../../../../src-main/features/agent/hosted-accounts'
import { silentLogger } from '../../../../../src-main/platform/log/log'

let dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
  dirs = []
})

async function hostedIn(): Promise<{ hosted: HostedAccounts; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'statusdesk-hosted-'))
  dirs.push(dir)
  const file = new FileRoot(dir, APP_FILE_LIST, { log: silentLogger }).json(APP_FILES.hostedAccounts)
  return { hosted: new HostedAccounts(file), dir }
}

const entry = (accountId: string, handoverId = '7d0f3b4e-9a57-4a4b-8d38-2f4a1f0c9a11'): HostedAccount => ({
  accountId,
  agentAccountId: `agent-${accountId}`,
  handoverId,
  agentUrl: 'http://127.0.0.1:8731',
  since: '2026-11-28T07:00:00.000Z',
})

describe('the accounts that run on the agent', () => {
  it('records a confirmed hand-over, finds it after a restart, and forgets it on the way back', async () => {
    const { hosted, dir } = await hostedIn()
    const heard: number[] = []
    hosted.onChange((accounts) => heard.push(accounts.length))
    await hosted.add(entry('a1'))
    await hosted.add(entry('a2'))
    const again = new HostedAccounts(new FileRoot(dir, APP_FILE_LIST, { log: silentLogger }).json(APP_FILES.hostedAccounts))
    expect(await again.get('a1')).toEqual(entry('a1'))
    expect(await again.get('a3')).toBeNull()
    await hosted.remove('a1')
    expect((await hosted.list()).map((item) => item.accountId)).toEqual(['a2'])
    expect(heard).toEqual([1, 2, 1])
  })

  it('keeps one entry per account when the same account is recorded again', async () => {
    const { hosted } = await hostedIn()
    await hosted.add(entry('a1', '7d0f3b4e-9a57-4a4b-8d38-2f4a1f0c9a11'))
    await hosted.add(entry('a1', '0b5f6a2c-3d4e-4f50-8a61-7b8c9d0e1f23'))
    expect(await hosted.list()).toEqual([entry('a1', '0b5f6a2c-3d4e-4f50-8a61-7b8c9d0e1f23')])
  })

  it('reads a damaged file as no account handed over, setting it aside rather than half-using it', async () => {
    const { hosted, dir } = await hostedIn()
    await writeFile(join(dir, 'agent-accounts.json'), '{"version":1,"accounts":[{"accountId":')
    expect(await hosted.list()).toEqual([])
    await hosted.add(entry('a1'))
    expect(JSON.parse(await readFile(join(dir, 'agent-accounts.json'), 'utf8')).accounts).toHaveLength(1)
  })
})
