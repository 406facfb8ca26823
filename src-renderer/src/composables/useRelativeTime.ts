import { toValue, type MaybeRefOrGetter } from 'vue'
import { relativeTime, userTimeZone } from '../format/time'
import { useLocale } from './useLocale'

/**
 * `relativeTime` bound to the interface's language and the user's zone, so every view counts
 * days the same way. The zone is read at each call by default: the system's zone changes when
 * the user travels.
 */
export function useRelativeTime(zone: MaybeRefOrGetter<string> = userTimeZone) {
  const locale = useLocale()

  function label(seconds: number | null | undefined, nowMs: number, style?: Intl.RelativeTimeFormatStyle): string {
    return relativeTime(seconds, nowMs, locale.value, toValue(zone), style)
  }

  return { label }
}
