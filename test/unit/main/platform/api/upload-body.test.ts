import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { memoryByteSource } from '../../../../../src-main/platform/api/media-source'
import {
  SOURCE_CHUNK_BYTES,
  base64Length,
  dataUriJsonBody,
  jsonBody,
  type UploadBody,
} from '../../../../../src-main/platform/api/upload-body'

async function drain(body: UploadBody) {
  const events: string[] = []
  const { stream } = body.open({
    onChunk: (n) => events.push(`chunk:${n}`),
    onEnd: () => events.push('end'),
    onError: () => events.push('error'),
  })
  const chunks: Uint8Array[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return { bytes: Buffer.concat(chunks), events }
}

describe('dataUriJsonBody', () => {
  it.each([0, 1, 2, 3, 4, SOURCE_CHUNK_BYTES - 1, SOURCE_CHUNK_BYTES + 1, 3 * SOURCE_CHUNK_BYTES + 2])(
    'encodes %i bytes exactly as JSON.stringify would, at the announced length',
    async (size) => {
      const data = randomBytes(size)
      const fields = { mime_type: 'image/png', caption: 'Über den Wolken ☁️ "quoted"' }
      // An odd chunking of the source, so base64 has to carry bytes across chunk edges.
      const source = {
        size,
        async *chunks() {
          for (let at = 0; at < size; at += 1000) yield data.subarray(at, at + 1000)
        },
      }
      const body = dataUriJsonBody({ key: 'media', mimeType: 'image/png', source, fields })
      const { bytes } = await drain(body)
      const expected = JSON.stringify({
        media: `data:image/png;base64,${data.toString('base64')}`,
        ...fields,
      })
      expect(bytes.toString('utf8')).toBe(expected)
      expect(body.contentLength).toBe(Buffer.byteLength(expected))
    },
  )

  it('computes base64 lengths as 4·ceil(n/3)', () => {
    expect([0, 1, 2, 3, 4, 50 * 1024 * 1024].map(base64Length)).toEqual([0, 4, 4, 4, 8, 69905068])
  })

  it('can be produced again for a second attempt', async () => {
    const body = dataUriJsonBody({
      key: 'media',
      mimeType: 'audio/ogg',
      source: memoryByteSource(randomBytes(10)),
      fields: {},
    })
    const first = await drain(body)
    const second = await drain(body)
    expect(second.bytes.equals(first.bytes)).toBe(true)
    expect(JSON.parse(first.bytes.toString())).toEqual({
      media: expect.stringMatching(/^data:audio\/ogg;base64,/),
    })
  })

  it('reports each chunk it hands over, then the end', async () => {
    const { events, bytes } = await drain(jsonBody({ caption: 'hi' }))
    expect(events).toEqual([`chunk:${bytes.byteLength}`, 'end'])
  })

  it('reports a failing source as an error of the stream', async () => {
    const source = {
      size: 10,
      async *chunks() {
        yield new Uint8Array(3)
        throw new Error('disk gone')
      },
    }
    const body = dataUriJsonBody({ key: 'media', mimeType: 'image/png', source, fields: {} })
    await expect(drain(body)).rejects.toThrow('disk gone')
  })
})
