import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_STORY_LIMITS, largestAllowed } from '@shared/story/limits'
import { DeviceStore } from '../../../../src-main/agent/devices'
import { MediaStore } from '../../../../src-main/features/stories/media/media-store'
import type { AgentHealth } from '../../../../src-main/agent/health'
import { PairingCodes } from '../../../../src-main/agent/pairing'
import { type AgentServer, startAgentServer } from '../../../../src-main/agent/server'
import type { CallContext } from '../../../../src-main/handlers/dispatch'
import type { Database } from '../../../../src-main/platform/db/database'
import { openDatabase } from '../../../../src-main/platform/db/open-database'
import { EventHub } from '../../../../src-main/platform/events'
import { silentLogger } from '../../../../src-main/platform/log/log'
import { TEST_IDENTITY, testHandlers } from '../../../support/handlers'
import { type RawResponse, rawRequest } from '../../../support/raw-http'

let root = ''
let db: Database
let server: AgentServer
let code = ''
const calls: CallContext[] = []
const gone: string[] = []
const events = new EventHub()
const HEALTH: AgentHealth = {
  polling: true,
  scheduler: { started: true, sharedLook: null, worker: null, lastTick: null },
  nextDue: null,
  accounts: [],
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'statusdesk-agent-server-'))
  db = await openDatabase({ folder: join(root, 'db') })
  const pairing = new PairingCodes({ onCode: (printed) => (code = printed.code), every: () => () => {} })
  pairing.start()
  server = await startAgentServer({
    handlers: testHandlers({
      'app:info': (_arg, ctx) => {
        calls.push(ctx)
        return { ...TEST_IDENTITY, transport: ctx.transport }
      },
    }),
    events,
    devices: await DeviceStore.open(db),
    pairing,
    health: () => HEALTH,
    log: silentLogger,
    host: '127.0.0.1',
    port: 0,
    onClientGone: (client) => gone.push(client),
    media: new MediaStore({ dir: join(root, 'media'), limits: () => DEFAULT_STORY_LIMITS, fetch, log: silentLogger }),
  })
}, 60_000)
afterAll(async () => {
  await server.close()
  await db.close()
  await rm(root, { recursive: true, force: true })
})

const json = (response: RawResponse) => JSON.parse(response.body) as Record<string, unknown>
const pair = (body: unknown) =>
  rawRequest(`${server.url}/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const invoke = (headers: Record<string, string> = {}) =>
  rawRequest(`${server.url}/api/invoke/app:info`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  })

describe("the agent's HTTP API", () => {
  it('answers no call without a device token: every path and method, in words, and no handler runs', async () => {
    const paths = [
      '/media-upload?name=a.jpg',
      '/api/invoke/app:info',
      '/api/invoke/accounts:list',
      '/api/events',
      '/api/session',
      '/',
      '/index.html',
      '/api/invoke/nope',
      '/devices',
    ]
    for (const path of paths) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        const variants: Record<string, string>[] = [
          {},
          { authorization: 'Basic dXNlcjpwYXNz' },
          { authorization: 'Bearer' },
          { 'x-statusdesk-secret': 'x' },
        ]
        for (const headers of variants) {
          const response = await rawRequest(`${server.url}${path}`, { method, headers, ...(method !== 'GET' && { body: '{}' }) })
          expect(response.status, `${method} ${path}`).toBe(401)
          expect(response.headers['www-authenticate']).toBe('Bearer')
          expect(json(response)).toEqual({ ok: false, error: { code: 'unauthorized', text: { key: 'errors.agent.noToken' } } })
        }
      }
    }
    const forged = await invoke({
      authorization: 'Bearer sdd1.00000000-0000-0000-0000-000000000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    })
    expect(forged.status).toBe(403)
    expect(json(forged)).toMatchObject({ ok: false, error: { code: 'forbidden', text: { key: 'errors.agent.badToken' } } })
    expect(calls).toEqual([])
  })

  it('answers health without a token', async () => {
    const response = await rawRequest(`${server.url}/health`)
    expect(response.status).toBe(200)
    expect(json(response)).toEqual(HEALTH)
  })

  it('pairs a device for the printed code: a wrong code says how many tries are left, a bad request what it needs', async () => {
    expect(json(await pair({ code }))).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument', text: { key: 'errors.agent.badPairing' } },
    })
    expect(json(await pair({ code, deviceName: 'a\nb' }))).toMatchObject({ ok: false, error: { text: { key: 'errors.agent.badPairing' } } })
    const wrong = await pair({ code: code.startsWith('A') ? 'BBBB-BBBB' : 'AAAA-AAAA', deviceName: 'Desk' })
    expect(wrong.status).toBe(403)
    expect(json(wrong)).toEqual({ ok: false, error: { code: 'forbidden', text: { key: 'errors.agent.wrongCode', params: { tries: 4 } } } })
    const used = code
    const paired = await pair({ code: used, deviceName: 'Front desk' })
    expect(paired.status).toBe(200)
    const { deviceId, token } = (json(paired) as { value: { deviceId: string; token: string } }).value
    expect(deviceId).toMatch(/^[0-9a-f-]{36}$/)
    // Once: the same code again is no code.
    expect(json(await pair({ code: used, deviceName: 'Another' }))).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    // The token opens the contract's channels; the engine hears the device as its client, over the agent's transport.
    const info = await invoke({ authorization: `Bearer ${token}` })
    expect(json(info)).toMatchObject({ ok: true, value: { transport: 'agent' } })
    expect(calls.at(-1)).toEqual({ transport: 'agent', client: `device:${deviceId}` })
  })

  it("takes a paired device's media file as it comes, and refuses one declared over the stories' largest unread", async () => {
    const paired = await pair({ code, deviceName: 'Uploads' })
    const { token } = (json(paired) as { value: { token: string } }).value
    const jpeg = await readFile(join(import.meta.dirname, '../../../fixtures/media/photo-360x640.jpg'))
    const upload = (headers: Record<string, string>, body: Buffer) =>
      rawRequest(`${server.url}/media-upload?name=photo.jpg`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...headers },
        body,
      })
    const taken = json(await upload({}, jpeg))
    expect(taken).toMatchObject({ ok: true, value: { name: 'photo.jpg', size: jpeg.byteLength, mimeType: 'image/jpeg' } })
    expect(JSON.stringify(taken)).not.toContain(root)
    const declared = String(largestAllowed(DEFAULT_STORY_LIMITS) + 1)
    const huge = await upload({ 'content-length': declared }, Buffer.alloc(0))
    expect(huge.status).toBe(413)
    expect(json(huge)).toMatchObject({ ok: false, error: { code: 'too-large', text: { key: 'mediaErrors.file.tooLarge' } } })
    const junk = json(await upload({}, Buffer.from('not a picture at all')))
    expect(junk).toMatchObject({ ok: false, error: { text: { key: 'mediaErrors.probe.unrecognised' } } })
  })

  it('streams events to a paired device', async () => {
    const paired = await pair({ code, deviceName: 'Events' })
    const { deviceId, token } = (json(paired) as { value: { deviceId: string; token: string } }).value
    const received = await new Promise<string>((resolve, reject) => {
      const req = request(`${server.url}/api/events`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        expect(res.statusCode).toBe(200)
        let text = ''
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString()
          if (text.includes(': connected')) events.emit('app:notice', { level: 'info', text: { key: 'errors.codes.internal' } })
          if (text.includes('event: app:notice')) {
            req.destroy()
            resolve(text)
          }
        })
      })
      req.on('error', reject)
      req.end()
    })
    expect(received).toContain('"key":"errors.codes.internal"')
    expect(gone).not.toContain(`device:${deviceId}`)
  })

  it('refuses a source that tried too many wrong codes before its code is looked at, so the code keeps its tries for another', async () => {
    const printed = code
    const wrongCode = printed.startsWith('C') ? 'DDDD-DDDD' : 'CCCC-CCCC'
    // From 127.0.0.3, a source no other test uses: each wrong code costs the code one try.
    for (let i = 0; i < 3; i++) expect((await pairFrom('127.0.0.3', { code: wrongCode, deviceName: 'Guess' })).status).toBe(403)
    const throttled = await pairFrom('127.0.0.3', { code: printed, deviceName: 'Guess' })
    expect(throttled.status).toBe(429)
    expect(Number(throttled.retryAfter)).toBeGreaterThan(0)
    expect(JSON.parse(throttled.body)).toMatchObject({
      ok: false,
      error: { code: 'rate-limited', text: { key: 'errors.agent.pairingThrottled' } },
    })
    // Neither the right code tried from there nor the wrong ones used it up: the operator's desktop pairs with it.
    expect(code).toBe(printed)
    expect((await pairFrom('127.0.0.4', { code: printed, deviceName: 'Operator' })).status).toBe(200)
  })

  it("unpairs a device with its own token: the token is refused from then on, and the device's event stream ends", async () => {
    const paired = await pair({ code, deviceName: 'Leaving' })
    const { token } = (json(paired) as { value: { deviceId: string; token: string } }).value
    const ended = new Promise<void>((resolve, reject) => {
      const req = request(`${server.url}/api/events`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.on('data', () => undefined)
        res.on('end', () => resolve())
      })
      req.on('error', reject)
      req.end()
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const unpaired = await rawRequest(`${server.url}/unpair`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: '{}' })
    expect(unpaired.status).toBe(200)
    expect(json(unpaired)).toEqual({ ok: true, value: null })
    await ended
    const after = await invoke({ authorization: `Bearer ${token}` })
    expect(after.status).toBe(403)
    expect(json(after)).toMatchObject({ ok: false, error: { text: { key: 'errors.agent.badToken' } } })
    // Without a token, nobody unpairs anybody.
    expect((await rawRequest(`${server.url}/unpair`, { method: 'POST', body: '{}' })).status).toBe(401)
  })

  it('lists the paired devices to any of them, and revokes one: refused at its next call, its event stream ended at once', async () => {
    const first = (json(await pair({ code, deviceName: 'Owner' })) as { value: { deviceId: string; token: string } }).value
    const second = (json(await pair({ code, deviceName: 'Assistant' })) as { value: { deviceId: string; token: string } }).value
    const asFirst = { authorization: `Bearer ${first.token}`, 'content-type': 'application/json' }
    const listed = json(await rawRequest(`${server.url}/devices`, { headers: asFirst })) as {
      value: { id: string; name: string; self: boolean; pairedAt: string }[]
    }
    expect(listed.value.find((device) => device.id === first.deviceId)).toMatchObject({ name: 'Owner', self: true })
    expect(listed.value.find((device) => device.id === second.deviceId)).toMatchObject({ name: 'Assistant', self: false })
    // Nothing of a token is listed.
    expect(JSON.stringify(listed)).not.toContain(second.token.split('.')[2]!)

    const ended = new Promise<void>((resolve, reject) => {
      const req = request(`${server.url}/api/events`, { headers: { authorization: `Bearer ${second.token}` } }, (res) => {
        res.on('data', () => undefined)
        res.on('end', () => resolve())
      })
      req.on('error', reject)
      req.end()
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const revoke = (deviceId: string) =>
      rawRequest(`${server.url}/devices/revoke`, { method: 'POST', headers: asFirst, body: JSON.stringify({ deviceId }) })
    expect((await revoke(second.deviceId)).status).toBe(200)
    await ended
    expect((await invoke({ authorization: `Bearer ${second.token}` })).status).toBe(403)
    expect(json(await revoke(second.deviceId))).toMatchObject({
      ok: false,
      error: { code: 'not-found', text: { key: 'errors.agent.noDevice' } },
    })
    expect((await rawRequest(`${server.url}/devices/revoke`, { method: 'POST', headers: asFirst, body: '{"deviceId":"x"}' })).status).toBe(
      400,
    )
    // Without a token, nobody lists or revokes anybody.
    expect((await rawRequest(`${server.url}/devices`, {})).status).toBe(401)
    expect((await invoke({ authorization: `Bearer ${first.token}` })).status).toBe(200)
  })

  it("takes a device's name without its bidirectional controls, so no name can reorder the words around it, and refuses one made of nothing else", async () => {
    // Embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069), marks (U+200E, U+200F, U+061C).
    const hostile = '\u202Eksed\u202C \u2067Front\u2069 \u200Fdesk\u200E \u202A\u202B\u202D\u2066\u2068\u061C'
    const paired = json(await pair({ code, deviceName: hostile })) as { value: { deviceId: string; token: string } }
    const asIt = { authorization: `Bearer ${paired.value.token}`, 'content-type': 'application/json' }
    const listed = json(await rawRequest(`${server.url}/devices`, { headers: asIt })) as { value: { id: string; name: string }[] }
    const name = listed.value.find((device) => device.id === paired.value.deviceId)!.name
    expect(name).toBe('ksed Front desk')
    expect(name).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u)
    // Nothing left to name it by: refused as any unreadable pairing is.
    expect(json(await pair({ code, deviceName: '\u202E\u2066 \u200F\u2069' }))).toMatchObject({
      ok: false,
      error: { text: { key: 'errors.agent.badPairing' } },
    })
  })

  it("keeps the person's name given at pairing (bidi controls out, a phone number masked), and pairs without one as before", async () => {
    type Paired = { value: { deviceId: string; token: string } }
    const listOf = async (token: string) =>
      (
        json(await rawRequest(`${server.url}/devices`, { headers: { authorization: `Bearer ${token}` } })) as {
          value: { id: string; name: string; personName: string | null }[]
        }
      ).value
    // Refused before the code is looked at: it keeps its tries.
    for (const personName of ['\u202E\u2066 \u200F\u2069', '', 'x'.repeat(81), 'Ana\nBia', 42, null]) {
      expect(json(await pair({ code, deviceName: 'Desk', personName }))).toMatchObject({
        ok: false,
        error: { text: { key: 'errors.agent.badPairing' } },
      })
    }
    const withPerson = (json(await pair({ code, deviceName: 'Front desk', personName: '\u202EAna\u202C +55 11 98765-4321 ' })) as Paired)
      .value
    const without = (json(await pair({ code, deviceName: 'Back office' })) as Paired).value
    const listed = await listOf(without.token)
    expect(listed.find((device) => device.id === withPerson.deviceId)).toMatchObject({ name: 'Front desk', personName: 'Ana •••21' })
    expect(listed.find((device) => device.id === without.deviceId)).toMatchObject({ name: 'Back office', personName: null })
    const rows = await db.query<{ person_name: string | null }>(`SELECT person_name FROM statusdesk_agent.devices WHERE id = $1`, [
      withPerson.deviceId,
    ])
    expect(rows).toEqual([{ person_name: 'Ana •••21' }])
    expect(JSON.stringify(listed)).not.toMatch(/98765|4321|\u202E/u)
  })
})

/** A pairing request sent from one loopback address (all of 127.0.0.0/8 is this machine). */
function pairFrom(localAddress: string, body: unknown): Promise<{ status: number; body: string; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}/pair`, { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, retryAfter: res.headers['retry-after'] }))
    })
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}
