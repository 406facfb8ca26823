import type { z } from 'zod'

/**
 * A channel pairs the schema of its one argument (parsed in main) with the type of its
 * result. The result is a phantom type: main produces it, so it is checked at compile time.
 */
export interface ChannelDef<A extends z.ZodType, R> {
  readonly args: A
  readonly result?: R
}

export function channel<R>() {
  return <A extends z.ZodType>(args: A): ChannelDef<A, R> => ({ args })
}

/** An event main pushes to the renderer; the payload type is phantom as well. */
export interface EventDef<P> {
  readonly payload?: P
}

export function event<P>(): EventDef<P> {
  return {}
}
