/** A worker for the worker client's tests: it does what each request says. */
import { parentPort } from 'node:worker_threads'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { serveRequests } from '../../../../../src-main/platform/worker/serve-requests'

export type EchoRequest =
  | { op: 'echo'; value: unknown; afterMs?: number }
  | { op: 'double'; bytes: ArrayBuffer }
  | { op: 'fail'; message: string; code?: string }
  | { op: 'fail-app' }
  | { op: 'told' }
  | { op: 'exit'; code: number }
  | { op: 'throw-later'; message: string }
  | { op: 'garbage'; message: unknown }
  | { op: 'unclonable' }

export type EchoReply = { value: unknown } | { bytes: ArrayBuffer } | { told: unknown[] }

const told: unknown[] = []

serveRequests<EchoRequest, EchoReply, unknown>({
  hear(note) {
    told.push(note)
  },
  async reply(request) {
    switch (request.op) {
      case 'echo':
        if (request.afterMs) await new Promise((resolve) => setTimeout(resolve, request.afterMs))
        return { value: request.value }
      case 'double': {
        const doubled = Uint8Array.from(new Uint8Array(request.bytes), (b) => b * 2)
        return { bytes: doubled.buffer }
      }
      case 'fail':
        throw Object.assign(new Error(request.message), request.code ? { code: request.code } : {})
      case 'fail-app':
        throw new AppError('cancelled', userText('apiErrors.files.cancelled'))
      case 'told':
        return { told }
      case 'exit':
        process.exit(request.code)
        break
      case 'throw-later':
        setTimeout(() => {
          throw new Error(request.message)
        })
        break
      case 'garbage':
        parentPort?.postMessage(request.message)
        break
      case 'unclonable':
        return { value: () => undefined }
    }
    return new Promise<never>(() => undefined)
  },
  transfer(reply) {
    return 'bytes' in reply ? [reply.bytes] : []
  },
})
