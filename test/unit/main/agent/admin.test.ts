import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserText } from '@shared/i18n/user-text'
import { ActivityLog } from '../../../../src-main/agent/activity'
import { runAgentAdmin } from '../../../../src-main/agent/admin'
import { agentDatabaseTarget } from '../../../../src-main/agent/agent-database'
import { DeviceStore } from '../../../../src-main/agent/devices'
import { openDatabase } from '../../../../src-main/platform/db/open-database'
import { spawnAgent, startAgentProcess } from '../../../support/agent-process'

let root = ''
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-agent-admin-'))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

function operator() {
  const lines: Array<{ event: string; key: string; params: UserText['params']; fields: Record<string, unknown> }> = []
  return {
    lines,
    io: {
      env: {},
      line: (event: string, text: UserText, fields = {}) => lines.push({ event, key: text.key, params: text.params, fields }),
    },
  }
}

describe("the agent's devices and revocation on its command line", () => {
  it('lists the devices with last seen and last action, revokes one (its token refused), and says when the running agent holds the database', async () => {
    const dataDir = await mkdtemp(join(root, 'data-'))
    const target = agentDatabaseTarget({}, dataDir)
    let db = await openDatabase(target)
    const devices = await DeviceStore.open(db)
    const desk = await devices.add('Front desk', 'Ana')
    await devices.add('Laptop')
    await devices.verify(desk.token)
    await new ActivityLog(db).record({
      deviceId: desk.deviceId,
      deviceName: 'Front desk',
      action: 'plan',
      accountId: 'acc-1',
      subject: 'i-1',
    })

    // The running agent holds its embedded database: said in one sentence, nothing opened.
    const held = operator()
    expect(await runAgentAdmin(['devices', '--data-dir', dataDir], held.io)).toBe(1)
    expect(held.lines).toMatchObject([{ event: 'error', key: 'desktop.agent.admin.held' }])
    await db.close()

    const listed = operator()
    expect(await runAgentAdmin(['devices', '--data-dir', dataDir], listed.io)).toBe(0)
    expect(
      listed.lines.map((line) => [
        line.fields['name'],
        line.fields['personName'],
        line.fields['lastAction'],
        line.fields['lastSeenAt'] !== null,
      ]),
    ).toEqual([
      ['Front desk', 'Ana', 'plan', true],
      ['Laptop', null, null, false],
    ])
    // A device paired with a person's name says whose it is; one paired without, its name alone as before.
    expect(listed.lines.map((line) => [line.key, line.params?.['person']])).toEqual([
      ['desktop.agent.admin.devicePerson', 'Ana'],
      ['desktop.agent.admin.device', undefined],
    ])
    expect(JSON.stringify(listed.lines)).not.toContain(desk.token)

    const revoked = operator()
    expect(await runAgentAdmin(['revoke', desk.deviceId, '--data-dir', dataDir], revoked.io)).toBe(0)
    expect(revoked.lines).toMatchObject([{ event: 'revoked', key: 'desktop.agent.admin.revoked' }])
    const unknown = operator()
    expect(await runAgentAdmin(['revoke', desk.deviceId, '--data-dir', dataDir], unknown.io)).toBe(1)
    expect(unknown.lines).toMatchObject([{ key: 'desktop.agent.admin.noDevice' }])
    const usage = operator()
    expect(await runAgentAdmin(['revoke', '--data-dir', dataDir], usage.io)).toBe(2)

    db = await openDatabase(target)
    try {
      expect(await (await DeviceStore.open(db)).verify(desk.token)).toBeNull()
      const [last] = (await new ActivityLog(db).page({ limit: 1 })).entries
      expect(last).toMatchObject({ action: 'revoke', deviceName: 'operator', subject: desk.deviceId })
    } finally {
      await db.close()
    }
  }, 60_000)

  it('runs as the agent command itself: no key needed, and a running agent holding its database is said in one sentence', async () => {
    const dataDir = join(root, 'process')
    const listed = spawnAgent(dataDir, {}, ['devices'])
    expect(await listed.waitFor((line) => line['event'] === 'devices')).toMatchObject({ key: 'desktop.agent.admin.none' })
    expect(await listed.exited()).toBe(0)
    const agent = await startAgentProcess(dataDir, { STATUSDESK_AGENT_KEY: Buffer.alloc(32, 7).toString('base64') })
    try {
      const held = spawnAgent(dataDir, {}, ['revoke', '00000000-0000-4000-8000-000000000000'])
      const said = await held.waitFor((line) => line['event'] === 'error')
      expect(said).toMatchObject({ key: 'desktop.agent.admin.held' })
      expect(String(said['message'])).toContain('Settings')
      expect(await held.exited()).toBe(1)
    } finally {
      await agent.stop()
    }
  }, 180_000)
})
