import type { ByteSource } from './media-source'

/** What the body reports while fetch pulls it, so the client knows how far the request got. */
export interface BodyListener {
  /** `bytes` more were handed to fetch. */
  onChunk(bytes: number): void
  /** The last byte was handed to fetch: from here the server may have the whole request. */
  onEnd(): void
  /** The body's own source failed (a file that changed or vanished). */
  onError(error: unknown): void
}

/** A request body of known length that can be produced afresh for each attempt. */
export interface UploadBody {
  readonly contentLength: number
  open(listener: BodyListener): { stream: ReadableStream<Uint8Array>; release(): Promise<void> }
}

const encoder = new TextEncoder()

/** 3 × 64 KiB: a multiple of 3, so base64 chunks join without padding in between. */
export const SOURCE_CHUNK_BYTES = 3 * 64 * 1024

export function base64Length(bytes: number): number {
  return 4 * Math.ceil(bytes / 3)
}

function bodyFrom(contentLength: number, parts: () => AsyncIterable<Uint8Array>): UploadBody {
  return {
    contentLength,
    open(listener) {
      const iterator = parts()[Symbol.asyncIterator]()
      let finished = false
      const stream = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            try {
              const next = await iterator.next()
              if (next.done) {
                finished = true
                controller.close()
                listener.onEnd()
                return
              }
              // A server may answer (a 413) and close while the body is still going out. Handing
              // the chunk over only in the event loop's check phase lets the socket's pending
              // answer be read first; a chunk written straight from a file read's callback would
              // meet the reset first, and the client would close the socket with the answer unread.
              await new Promise<void>((resolve) => setImmediate(resolve))
              await new Promise<void>((resolve) => setImmediate(resolve))
              controller.enqueue(next.value)
              listener.onChunk(next.value.byteLength)
            } catch (error) {
              finished = true
              listener.onError(error)
              controller.error(error)
            }
          },
          async cancel() {
            finished = true
            await iterator.return?.()
          },
        },
        // Pull only when fetch asks: memory stays at one chunk and progress tracks the socket.
        { highWaterMark: 0 },
      )
      return {
        stream,
        async release() {
          if (!finished) {
            finished = true
            await iterator.return?.()
          }
        },
      }
    },
  }
}

/**
 * The file itself as the body (`POST /media`): read a chunk at a time while it is sent, so
 * memory stays at one chunk and the bytes on the wire are the file's size.
 */
export function rawBody(source: ByteSource): UploadBody {
  return bodyFrom(source.size, async function* () {
    // Copied: the source reuses its buffer for the next read while fetch may still hold this one.
    for await (const chunk of source.chunks(SOURCE_CHUNK_BYTES)) yield Buffer.from(chunk)
  })
}

/** A JSON body sent in one piece. */
export function jsonBody(value: unknown): UploadBody {
  const bytes = encoder.encode(JSON.stringify(value))
  return bodyFrom(bytes.byteLength, async function* () {
    yield bytes
  })
}

/**
 * `{"<key>":"data:<mime>;base64,<the source, base64>", ...fields}` produced while it is
 * sent: the source is read a chunk at a time and encoded on the way, so memory stays flat
 * whatever the file size, and Content-Length is known before the first byte.
 */
export function dataUriJsonBody(options: {
  key: string
  mimeType: string
  source: ByteSource
  fields: Record<string, unknown>
}): UploadBody {
  const { key, mimeType, source, fields } = options
  const opening = JSON.stringify(`data:${mimeType};base64,`).slice(0, -1)
  const prefix = encoder.encode(`{${JSON.stringify(key)}:${opening}`)
  const rest = JSON.stringify(fields)
  const suffix = encoder.encode(rest === '{}' ? '"}' : `",${rest.slice(1)}`)
  const contentLength = prefix.byteLength + base64Length(source.size) + suffix.byteLength

  return bodyFrom(contentLength, async function* () {
    yield prefix
    let carry: Uint8Array = new Uint8Array(0)
    for await (const chunk of source.chunks(SOURCE_CHUNK_BYTES)) {
      const joined = carry.byteLength === 0 ? chunk : Buffer.concat([carry, chunk])
      const whole = joined.byteLength - (joined.byteLength % 3)
      if (whole > 0) yield encodeBase64(joined.subarray(0, whole))
      // Copied: the source may reuse the chunk's buffer for its next read.
      carry = Uint8Array.from(joined.subarray(whole))
    }
    if (carry.byteLength > 0) yield encodeBase64(carry)
    yield suffix
  })
}

function encodeBase64(bytes: Uint8Array): Uint8Array {
  return Buffer.from(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'), 'latin1')
}
