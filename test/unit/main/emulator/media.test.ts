import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SUPPORTED_STORY_MIME_TYPES } from '@shared/story/media-types'
import type { Emulator } from '../../../../src-main/emulator/index'
import { specErrors } from '../../../support/emulator-openapi'
import { declaredUploadTypes } from '../../../support/upload-contract'
import { bearer, call, controlCall, start } from './helpers'

const DECLARED = declaredUploadTypes()

describe('POST /media takes what the contract declares for it, and nothing else', () => {
  let emulator: Emulator
  const upload = (type: string, body: BodyInit = new Uint8Array(64).fill(9)) =>
    call(`${emulator.baseUrl}/media`, { method: 'POST', body, headers: { ...bearer(emulator.token), 'content-type': type } })
  const uploads = async () => ((await controlCall(emulator, '/uploads')).body as { uploads: { mimeType: string }[] }).uploads

  beforeAll(async () => {
    emulator = await start({ maxBodyBytes: 64 * 1024 })
  })
  afterAll(() => emulator.stop())
  beforeEach(async () => {
    await controlCall(emulator, '/reset', { method: 'POST' })
  })

  it('refuses story media the contract leaves out (webp, 3gpp, opus…) with 415 in the provider’s error shape', async () => {
    const refused = SUPPORTED_STORY_MIME_TYPES.filter((type) => !DECLARED.includes(type))
    expect(refused).toEqual(expect.arrayContaining(['image/webp', 'video/3gpp', 'audio/opus']))
    for (const type of [...refused, 'image/gif', 'audio/wav', 'video/quicktime']) {
      const reply = await upload(type)
      expect(reply.status, type).toBe(415)
      expect(specErrors('ResponseError', reply.body), type).toEqual([])
      expect(reply.body).toMatchObject({ error: { code: 415, message: `Unsupported media type: ${type}` } })
    }
    expect(await uploads()).toEqual([])
  })

  it('refuses them in the JSON form too, by the data URI’s type', async () => {
    const reply = await call(`${emulator.baseUrl}/media`, {
      method: 'POST',
      body: JSON.stringify({ media: `data:image/webp;base64,${Buffer.from('webp bytes').toString('base64')}` }),
      headers: { ...bearer(emulator.token), 'content-type': 'application/json' },
    })
    expect(reply.status).toBe(415)
    expect(specErrors('ResponseError', reply.body)).toEqual([])
    expect(await uploads()).toEqual([])
  })

  it('takes every type the contract declares, a parameter after the type included', async () => {
    for (const type of DECLARED) expect((await upload(type)).status, type).toBe(200)
    expect((await upload('audio/ogg; codecs=opus')).status).toBe(200)
    expect((await uploads()).map((u) => u.mimeType)).toEqual([...DECLARED, 'audio/ogg'])
  })
})
