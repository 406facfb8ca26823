import { type ChannelName, type ChannelParsedArgs, type ChannelResult, channels, isChannelName } from '@shared/channels/contract'
import { AppError, type Result } from '@shared/errors'
import type { z } from 'zod'
import type { Logger } from '../platform/log/log'

/** What every transport calls a handler with. */
export interface CallContext {
  transport: 'ipc' | 'web'
}

export type Handler<C extends ChannelName> = (arg: ChannelParsedArgs<C>, ctx: CallContext) => Promise<ChannelResult<C>> | ChannelResult<C>

export type Handlers = { [C in ChannelName]: Handler<C> }

const INTERNAL_MESSAGE = 'Something went wrong inside Statusdesk. The details are in the log.'

function describeIssues(channel: string, error: z.ZodError): string {
  const first = error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'argument'}: ${issue.message}`)
    .join('; ')
  return `Invalid argument for ${channel}: ${first}`
}

/**
 * Parses the argument with the channel's schema, runs its handler and maps every outcome
 * to a Result. Shared by the IPC and the web transports so both behave identically.
 * Only AppError messages reach the renderer: anything else may carry a stack, a path or
 * a secret, so it is logged here and replaced by a generic message.
 */
export async function dispatch(
  handlers: Handlers,
  name: unknown,
  rawArg: unknown,
  ctx: CallContext,
  log: Logger,
): Promise<Result<unknown>> {
  if (!isChannelName(name)) {
    return { ok: false, error: { code: 'invalid-request', message: 'Unknown channel.' } }
  }
  const parsed = channels[name].args.safeParse(rawArg)
  if (!parsed.success) {
    return { ok: false, error: { code: 'invalid-argument', message: describeIssues(name, parsed.error) } }
  }
  try {
    const handler = handlers[name] as Handler<ChannelName>
    const value = await handler(parsed.data as ChannelParsedArgs<ChannelName>, ctx)
    return { ok: true, value }
  } catch (error) {
    if (error instanceof AppError) {
      log.info(`${name} failed`, { code: error.code })
      return { ok: false, error: error.toData() }
    }
    log.error(`${name} threw`, { error: error instanceof Error ? (error.stack ?? error.message) : String(error) })
    return { ok: false, error: { code: 'internal', message: INTERNAL_MESSAGE } }
  }
}
