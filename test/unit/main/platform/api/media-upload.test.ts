import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SUPPORTED_STORY_MIME_TYPES } from '@shared/story/media-types'
import { startHttpFixture, type HttpFixture } from '../../../../support/http-fixture'
import { declaredUploadTypes } from '../../../../support/upload-contract'
import { MEDIA_UPLOAD_TYPES } from '@shared/story/media-types'
import { failure, testClient } from './helpers'

const DECLARED = declaredUploadTypes()
const UNDECLARED_STORY_TYPES = SUPPORTED_STORY_MIME_TYPES.filter((type) => !DECLARED.includes(type))

let server: HttpFixture

beforeAll(async () => {
  server = await startHttpFixture()
})
afterAll(() => server.close())
beforeEach(() => {
  server.requests.length = 0
})

describe('POST /media and the types it declares', () => {
  it('reads the declared types from the contract as the provider spells them', () => {
    expect(DECLARED).toEqual(expect.arrayContaining(['image/jpeg', 'image/png', 'audio/ogg', 'video/mp4', 'application/pdf']))
    // The provider's list has no webp, 3gpp or opus, and spells AAC `audio/acc`.
    expect(UNDECLARED_STORY_TYPES).toEqual(expect.arrayContaining(['image/webp', 'video/3gpp', 'audio/opus']))
  })

  it('sends nothing for a type /media does not declare, even to a server that would take anything', async () => {
    // A permissive server: it would hand out an id for any bytes, so only the client's own
    // reading of the contract keeps these types off /media.
    server.handle(async (_req, _res, t) => {
      await t.readBody()
      t.json(200, { media: [{ id: 'any-0123456789abcdef' }] })
    })
    const { api } = testClient(server.baseUrl, 'tok')
    for (const mimeType of [...UNDECLARED_STORY_TYPES, 'IMAGE/WEBP', 'audio/opus; rate=48000', 'application/zip']) {
      expect(await api.uploadMedia({ kind: 'bytes', bytes: new Uint8Array(10), mimeType }), mimeType).toEqual({
        outcome: 'undeclared-type',
        mimeType,
      })
    }
    expect(server.requests).toEqual([])
  })

  it('decides before the file is read: a missing file of an undeclared type is left to the story request', async () => {
    const { api } = testClient(server.baseUrl, 'tok')
    const result = await api.uploadMedia({ kind: 'file', path: '/nonexistent/clip.3gp', mimeType: 'video/3gpp' })
    expect(result).toEqual({ outcome: 'undeclared-type', mimeType: 'video/3gpp' })
    expect(server.requests).toEqual([])
  })

  it('uploads a declared type with its Content-Type as given, parameters included', async () => {
    server.handle(async (_req, _res, t) => {
      await t.readBody()
      t.json(200, { media: [{ id: `ogg-${String(t.index).padStart(8, '0')}` }] })
    })
    const { api } = testClient(server.baseUrl, 'tok')
    for (const mimeType of ['audio/ogg; codecs=opus', 'image/jpeg', 'application/pdf'])
      expect(await api.uploadMedia({ kind: 'bytes', bytes: new Uint8Array(10), mimeType })).toMatchObject({ outcome: 'uploaded' })
    expect(server.requests.map((r) => r.headers['content-type'])).toEqual(['audio/ogg; codecs=opus', 'image/jpeg', 'application/pdf'])
  })

  it('reads a 415 for a declared type as the server’s refusal, once, not published', async () => {
    server.handle(async (_req, _res, t) => {
      await t.readBody()
      t.json(415, { error: { code: 415, message: 'Unsupported media type' } })
    })
    const { api } = testClient(server.baseUrl, 'tok')
    const error = await failure(api.uploadMedia({ kind: 'bytes', bytes: new Uint8Array(10), mimeType: 'image/png' }))
    expect(error.code).toBe('unsupported-media')
    expect(error.details).toMatchObject({ status: 415, published: false })
    expect(server.requests).toHaveLength(1)
  })
})

describe('the client’s list of /media types', () => {
  it('is the contract’s, type for type', () => {
    expect([...MEDIA_UPLOAD_TYPES].sort()).toEqual([...DECLARED].sort())
  })
})
