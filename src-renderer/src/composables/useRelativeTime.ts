import { toValue, type MaybeRefOrGetter } from 'vue'
import { useI18n } from 'vue-i18n'
import { relativePhrase, relativeTime, userTimeZone, type Side } from '../format/time'
import { useLocale } from './useLocale'

/**
 * `relativeTime` and `relativePhrase` bound to the interface's language and the user's zone, so
 * every view counts days the same way: `label` for a time standing on its own ("5 min ago",
 * "tomorrow"), `phrase` for one inside a sentence ("Last synced a moment ago"). The zone is read
 * at each call by default: the system's zone changes when the user travels.
 */
export function useRelativeTime(zone: MaybeRefOrGetter<string> = userTimeZone) {
  const { t } = useI18n()
  const locale = useLocale()

  function label(seconds: number | null | undefined, nowMs: number, style?: Intl.RelativeTimeFormatStyle): string {
    return relativeTime(seconds, nowMs, locale.value, toValue(zone), style)
  }

  /** `side`: the only side of now the time can be on (past for a missed story or a sync, future for a next try). */
  function phrase(seconds: number | null | undefined, nowMs: number, side?: Side, style?: Intl.RelativeTimeFormatStyle): string {
    const words = {
      momentAgo: t('time.momentAgo'),
      inAMoment: t('time.inAMoment'),
      onDate: (date: string) => t('time.onDate', { date }),
    }
    return relativePhrase(seconds, nowMs, locale.value, toValue(zone), words, { side, style })
  }

  return { label, phrase }
}
