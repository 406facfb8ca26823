import type { ChannelName, EventName } from '@shared/channels/contract'
import { type AppErrorData, codeText, type ErrorCode, type Result } from '@shared/errors'
import type { UserText } from '@shared/i18n/user-text'
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
      if (!answer) return { ok: false, error: { code: 'internal', text: codeText('internal'), details: { unanswered: channel } } }
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

/** A failure as main sends it: a code, the text the user reads (the code's own text unless given), and details. */
export function failure(code: ErrorCode, text: UserText = codeText(code), details?: Record<string, unknown>): AppErrorData {
  return details ? { code, text, details } : { code, text }
}
