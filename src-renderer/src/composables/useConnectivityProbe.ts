import { onScopeDispose } from 'vue'
import { useSyncStore } from '../stores/sync'

/** While the window is in view and nothing else talks to the server, it is asked this often. */
export const IDLE_PROBE_MS = 60_000
/** A claim older than this is not shown as fact: the status says "checking" until it is renewed. */
export const STALE_AFTER_MS = 2 * IDLE_PROBE_MS
/** Coming back to the window asks again only if main has been quiet at least this long. */
const FOCUS_GAP_MS = 10_000

/**
 * Keeps "Online" / "Offline" true to the moment: probes the server when the window comes
 * back into view or focus, and on a timer while idle, instead of waiting for a real
 * request to fail. A hidden window asks nothing; its claim goes stale and is renewed on return.
 */
export function useConnectivityProbe(): void {
  const sync = useSyncStore()

  const isStale = (): boolean => Date.now() - sync.confirmedAt > STALE_AFTER_MS
  const onReturn = (): void => {
    if (document.visibilityState === 'hidden') return
    void sync.probe({ minGapMs: FOCUS_GAP_MS, announce: isStale() })
  }
  const timer = setInterval(() => {
    if (document.visibilityState === 'visible') void sync.probe({ minGapMs: IDLE_PROBE_MS / 2 })
  }, IDLE_PROBE_MS)

  window.addEventListener('focus', onReturn)
  document.addEventListener('visibilitychange', onReturn)
  onScopeDispose(() => {
    clearInterval(timer)
    window.removeEventListener('focus', onReturn)
    document.removeEventListener('visibilitychange', onReturn)
  })
}
