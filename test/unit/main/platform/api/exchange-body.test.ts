import { describe, expect, it } from 'vitest'
import { exchange } from '../../../../../src-main/platform/api/exchange'

/** A response whose body arrives in `chunks`, declaring `length` (or nothing). */
function responding(chunks: Buffer[], length: number | null) {
  return async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk))
          controller.close()
        },
      }),
      { status: 200, headers: length === null ? {} : { 'content-length': String(length) } },
    )
}

async function bodyOf(chunks: Buffer[], length: number | null): Promise<Buffer> {
  const result = await exchange(responding(chunks, length), {
    method: 'GET',
    url: 'https://api.example/groups',
    headers: {},
    headersTimeoutMs: 1_000,
    stallTimeoutMs: 1_000,
    maxResponseBytes: 1024 * 1024,
  })
  if (result.kind !== 'response') throw new Error(`failed: ${result.reason}`)
  return Buffer.from(result.body)
}

describe('a large response body as it arrives', () => {
  const chunks = Array.from({ length: 5 }, (_, i) => Buffer.alloc(40_000, 97 + i))
  const whole = Buffer.concat(chunks)

  it('is the same bytes whether its length is declared or not', async () => {
    expect((await bodyOf(chunks, whole.length)).equals(whole)).toBe(true)
    expect((await bodyOf(chunks, null)).equals(whole)).toBe(true)
  })

  it('is all the bytes that came when there are more, or fewer, than declared', async () => {
    expect((await bodyOf(chunks, whole.length - 70_000)).equals(whole)).toBe(true)
    const short = await bodyOf(chunks.slice(0, 3), whole.length)
    expect(short.equals(Buffer.concat(chunks.slice(0, 3)))).toBe(true)
  })
})
