import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ActivityLog } from '../../../../src-main/agent/activity'
import { AGENT_SCHEMA, DeviceStore } from '../../../../src-main/agent/devices'
import { migrateSchema } from '../../../../src-main/platform/db/migrate'
import type { Database } from '../../../../src-main/platform/db/database'
import { openDatabase } from '../../../../src-main/platform/db/open-database'

let root = ''
let db: Database
let now = Date.parse('2026-03-01T10:00:00Z')
let devices: DeviceStore

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-devices-'))
  db = await openDatabase({ folder: join(root, 'db') })
  devices = await DeviceStore.open(db, () => now)
}, 60_000)
afterAll(async () => {
  await db.close()
  await rm(root, { recursive: true, force: true })
})

describe("the agent's paired devices (PGlite)", () => {
  it('keeps only the hash of a device token: no column of any row holds the token', async () => {
    const { deviceId, token } = await devices.add('Laptop at the shop')
    expect(token).toMatch(/^sdd1\./)
    expect(token.length).toBeGreaterThan(80)
    const rows = await db.query(`SELECT * FROM ${AGENT_SCHEMA}.devices`)
    expect(rows).toHaveLength(1)
    const row = rows[0]!
    expect(Object.keys(row).sort()).toEqual(['id', 'last_seen_at', 'name', 'paired_at', 'person_name', 'token_hash'])
    expect(row['id']).toBe(deviceId)
    expect(row['name']).toBe('Laptop at the shop')
    expect((row['token_hash'] as Uint8Array).length).toBe(32)
    const secret = token.split('.')[2]!
    const text = JSON.stringify(rows, (_key, value: unknown) =>
      value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value,
    )
    for (const part of [
      token,
      secret,
      Buffer.from(secret, 'base64url').toString('base64'),
      Buffer.from(secret, 'base64url').toString('hex'),
    ]) {
      expect(text).not.toContain(part)
    }
  })

  it("knows a device by its token, and no one by another device's, a changed or a made-up one", async () => {
    const a = await devices.add('Desk A')
    const b = await devices.add('Desk B')
    expect(await devices.verify(a.token)).toBe(a.deviceId)
    expect(await devices.verify(b.token)).toBe(b.deviceId)
    const [, idA, secretA] = a.token.split('.')
    const [, , secretB] = b.token.split('.')
    expect(await devices.verify(`sdd1.${idA}.${secretB}`)).toBeNull()
    const flipped = secretA!.slice(0, -1) + (secretA!.endsWith('A') ? 'B' : 'A')
    expect(await devices.verify(`sdd1.${idA}.${flipped}`)).toBeNull()
    expect(await devices.verify(`sdd1.00000000-0000-0000-0000-000000000000.${secretA}`)).toBeNull()
    for (const junk of ['', 'Bearer x', a.token + 'x', a.token.toUpperCase(), "sdd1.' OR 1=1 --.x"])
      expect(await devices.verify(junk)).toBeNull()
  })

  it('remembers when each device paired and was last seen, writing last seen at most once a minute', async () => {
    const c = await devices.add('Desk C')
    const seen = async () => (await devices.list()).find((device) => device.id === c.deviceId)!
    expect(await seen()).toMatchObject({ name: 'Desk C', pairedAt: new Date(now).toISOString(), lastSeenAt: null })
    now += 5_000
    await devices.verify(c.token)
    const first = (await seen()).lastSeenAt
    expect(first).toBe(new Date(now).toISOString())
    now += 30_000
    await devices.verify(c.token)
    expect((await seen()).lastSeenAt).toBe(first)
    now += 31_000
    await devices.verify(c.token)
    expect((await seen()).lastSeenAt).toBe(new Date(now).toISOString())
  })

  it('are kept across a reopen, the schema migrated once', async () => {
    const again = await DeviceStore.open(db, () => now)
    expect((await again.list()).length).toBe(4)
    const [row] = await db.query<{ version: number }>(`SELECT version FROM ${AGENT_SCHEMA}.schema_version`)
    expect(row?.version).toBe(5)
  })

  it("keeps the person's name given at pairing beside the device's, and none for a device paired without one", async () => {
    const ana = await devices.add('Front desk', 'Ana')
    const bare = await devices.add('Back office')
    expect(await devices.namesOf(ana.deviceId)).toEqual({ name: 'Front desk', personName: 'Ana' })
    expect(await devices.namesOf(bare.deviceId)).toEqual({ name: 'Back office', personName: null })
    expect(await devices.namesOf('00000000-0000-0000-0000-000000000000')).toBeNull()
    const listed = await devices.list()
    expect(listed.find((device) => device.id === ana.deviceId)).toMatchObject({ name: 'Front desk', personName: 'Ana' })
    expect(listed.find((device) => device.id === bare.deviceId)).toMatchObject({ personName: null })
  })
})

describe("the agent's tables as an earlier version left them (PGlite)", () => {
  it('gain a person column on devices and activity, its existing rows without one', async () => {
    const old = await openDatabase({ folder: join(root, 'old-db') })
    try {
      // developer-only: the tables as version 2 wrote them.
      await migrateSchema(old, {
        schema: AGENT_SCHEMA,
        lock: [0x5d0c, 0],
        name: 'agent devices',
        steps: [
          {
            version: 2,
            statements: [
              `CREATE TABLE ${AGENT_SCHEMA}.devices (id text PRIMARY KEY, name text NOT NULL, token_hash bytea NOT NULL,
                paired_at timestamptz NOT NULL, last_seen_at timestamptz)`,
              `CREATE TABLE ${AGENT_SCHEMA}.activity (id bigserial PRIMARY KEY, at timestamptz NOT NULL, device_id text NOT NULL,
                device_name text NOT NULL, action text NOT NULL, account_id text, subject text)`,
              `INSERT INTO ${AGENT_SCHEMA}.devices VALUES ('d-old', 'Old desk', decode(repeat('00', 32), 'hex'), now(), NULL)`,
              `INSERT INTO ${AGENT_SCHEMA}.activity (at, device_id, device_name, action) VALUES (now(), 'd-old', 'Old desk', 'pair')`,
            ],
          },
        ],
      })
      const store = await DeviceStore.open(old)
      expect(await store.list()).toMatchObject([{ id: 'd-old', name: 'Old desk', personName: null }])
      expect((await new ActivityLog(old).page({ limit: 5 })).entries).toMatchObject([{ deviceName: 'Old desk', personName: null }])
      const [row] = await old.query<{ version: number }>(`SELECT version FROM ${AGENT_SCHEMA}.schema_version`)
      expect(row?.version).toBe(5)
    } finally {
      await old.close()
    }
  }, 60_000)
})
