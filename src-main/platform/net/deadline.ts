/** A signal for one request: aborted when `outer` is, or when `ms` have passed. */
export interface Deadline {
  signal: AbortSignal
  /** Ends both watches once the request is done. */
  clear(): void
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
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer)
      outer?.removeEventListener('abort', onOuter)
    },
  }
}
