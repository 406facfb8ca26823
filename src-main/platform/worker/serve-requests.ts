import { parentPort, type MessagePort, type Transferable } from 'node:worker_threads'
import type { AppError } from '@shared/errors'
import type { FromWorker, ToWorker, WorkerErrorData } from './worker-client'

/** What a worker thread does with what WorkerClient sends it. */
export interface WorkerService<Q, A, N = never> {
  /** Makes the reply to one request (thrown errors go back as the request's error). */
  reply(request: Q): A | Promise<A>
  /** The memory of a reply that is moved back rather than copied. */
  transfer?(reply: A): Transferable[]
  /** Takes a note (state for the requests to come); a note is never answered. */
  hear?(note: N): void
}

function errorData(error: unknown): WorkerErrorData {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) }
  const code = (error as { code?: unknown }).code
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === 'string' && { code }),
    // The user's text survives the crossing; the AppError itself (its cause, its details) does
    // not. Known by its name rather than its class, so that a worker does not load the error
    // module for this; main checks the text's shape (UserTextSchema).
    ...(error.name === 'AppError' && { text: (error as AppError).text }),
  }
}

/**
 * The worker thread's end of WorkerClient: each request is answered under its id, in the
 * order its reply is ready. A reply that cannot be sent (it does not survive the copy to
 * main) is an error the worker does not survive: main then fails what waited on it.
 */
export function serveRequests<Q, A, N = never>(service: WorkerService<Q, A, N>, port: MessagePort | null = parentPort): void {
  port?.on('message', (message: ToWorker<Q, N>) => {
    if (!('id' in message)) {
      service.hear?.(message.note)
      return
    }
    const { id } = message
    let reply: A | Promise<A>
    try {
      reply = service.reply(message.request)
    } catch (error) {
      port.postMessage({ id, error: errorData(error) } satisfies FromWorker<A>)
      return
    }
    void Promise.resolve(reply).then(
      (value) => port.postMessage({ id, reply: value } satisfies FromWorker<A>, service.transfer?.(value) ?? []),
      (error: unknown) => port.postMessage({ id, error: errorData(error) } satisfies FromWorker<A>),
    )
  })
}
