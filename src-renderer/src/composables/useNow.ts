import { onScopeDispose, ref, type Ref } from 'vue'

/**
 * A clock that ticks every `intervalMs`, so relative times ("5 min ago") age on screen
 * without each row keeping a timer of its own.
 */
export function useNow(intervalMs = 30_000): Ref<number> {
  const now = ref(Date.now())
  const timer = setInterval(() => (now.value = Date.now()), intervalMs)
  onScopeDispose(() => clearInterval(timer))
  return now
}
