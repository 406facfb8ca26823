import type { IncomingMessage } from 'node:http'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'

/** Reads a JSON body, refusing anything over `limit` bytes before it is buffered. */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit) throw new AppError('too-large', userText('apiErrors.body.tooLarge'))
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw new AppError('too-large', userText('apiErrors.body.tooLarge'))
    chunks.push(chunk as Buffer)
  }
  if (size === 0) return undefined
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new AppError('invalid-request', userText('apiErrors.body.notJson'))
  }
}
