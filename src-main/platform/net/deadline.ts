/** A signal for one request: aborted when `outer` is, or when `ms` have passed. */
export interface Deadline {
  signal: AbortSignal
  /** Ends both watches once the request is done. */
  clear(): void
  /**
   * Ends both watches and aborts the signal: for a request given up before its end, so that
   * whatever still holds the signal (a body not read to its end, its connection) lets go now,
   * rather than when the server closes it, which a hostile one never does.
   */
  abandon(): void
}

/**
 * Unlike AbortSignal.any([outer, AbortSignal.timeout(ms)]), which keeps each request's timer
 * and both signals alive for the whole timeout after the request is done: a sync's thousands
 * of picture downloads then held tens of megabytes of them for half a minute. Aborted by the
 * time, the signal's reason is the TimeoutError AbortSignal.timeout gives.
 */
export function deadline(ms: number, outer?: AbortSignal): Deadline {
  const controller = new AbortController()
  const onOuter = (): void => controller.abort(outer?.reason)
  // developer-only: the reason AbortSignal.timeout gives, word for word; callers read its name, users never see it
  const timer = setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms)
  timer.unref()
  if (outer?.aborted) onOuter()
  else outer?.addEventListener('abort', onOuter, { once: true })
  const clear = (): void => {
    clearTimeout(timer)
    outer?.removeEventListener('abort', onOuter)
  }
  return {
    signal: controller.signal,
    clear,
    abandon: () => {
      clear()
      // developer-only: the reason a request given up early is aborted with; callers know it by its name
      if (!controller.signal.aborted) controller.abort(new DOMException('The request was given up', 'AbortError'))
    },
  }
}
