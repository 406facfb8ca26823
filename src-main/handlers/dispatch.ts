import { type ChannelName, type ChannelParsedArgs, type ChannelResult, channels, isChannelName } from '@shared/channels/contract'
import { AppError, codeText, type Result } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { Transport } from '@shared/channels/app'
import type { z } from 'zod'
import type { Logger } from '../platform/log/log'

/** What every transport calls a handler with: which transport, and which client (a window, a page) is calling. */
export interface CallContext {
  transport: Transport
  /** The calling client's name: main keeps its own choices under it (the account on its screen, the notices it read). */
  client: string
}

export type Handler<C extends ChannelName> = (arg: ChannelParsedArgs<C>, ctx: CallContext) => Promise<ChannelResult<C>> | ChannelResult<C>

export type Handlers = { [C in ChannelName]: Handler<C> }

/** The first fields the argument got wrong, for the user to quote and the log to explain. */
function issueFields(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? issue.path.join('.') : 'argument'))
    .join(', ')
}

/**
 * Parses the argument with the channel's schema, runs its handler and maps every outcome
 * to a Result. Shared by the IPC, web and agent transports so all behave identically.
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
    return { ok: false, error: { code: 'invalid-request', text: userText('errors.bridge.unknownChannel') } }
  }
  const parsed = channels[name].args.safeParse(rawArg)
  if (!parsed.success) {
    log.info(`${name} refused its argument`, { issues: parsed.error.issues.slice(0, 3).map((issue) => issue.message) })
    return {
      ok: false,
      error: { code: 'invalid-argument', text: userText('errors.bridge.invalidArgument', { field: issueFields(parsed.error) }) },
    }
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
    return { ok: false, error: { code: 'internal', text: codeText('internal') } }
  }
}
