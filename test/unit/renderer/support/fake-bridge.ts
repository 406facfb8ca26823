import type { ChannelName, EventName } from '@shared/channels/contract'
import type { AppErrorData, Result } from '@shared/errors'
import { setTransport } from '../../../../src-renderer/src/bridge'

type Answer = (arg: unknown) => unknown | Promise<unknown>

/**
 * Stands in for main behind the bridge: answers channels with the given functions (a thrown
 * AppErrorData-shaped object becomes a failed Result), records every call, and lets the
 * test push events.
 */
export function fakeBridge(answers: Partial<Record<ChannelName, Answer>>) {
  const calls: { channel: ChannelName; arg: unknown }[] = []
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
  setTransport({
    kind: 'web',
    async invoke(channel, arg): Promise<Result<unknown>> {
      calls.push({ channel, arg })
      const answer = answers[channel]
      if (!answer) return { ok: false, error: { code: 'internal', message: `no answer for ${channel}` } }
      try {
        return { ok: true, value: await answer(arg) }
      } catch (error) {
        return { ok: false, error: error as AppErrorData }
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return () => set.delete(listener)
    },
  })
  return {
    calls,
    callsTo: (channel: ChannelName) => calls.filter((call) => call.channel === channel).map((call) => call.arg),
    emit(event: EventName, payload: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(payload)
    },
    listenerCount: (event: EventName) => listeners.get(event)?.size ?? 0,
  }
}

export function failure(code: AppErrorData['code'], message: string, details?: Record<string, unknown>): AppErrorData {
  return details ? { code, message, details } : { code, message }
}
