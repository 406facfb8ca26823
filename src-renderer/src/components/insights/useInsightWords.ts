import type { InsightAudience } from '@shared/channels/insights'
import { useI18n } from 'vue-i18n'
import { useLocale } from '../../composables/useLocale'
import { formatCount } from '../../format/numbers'
import { isolatedName } from '../../format/people'

/** How the Insights view names a story's audience: everyone, a saved audience by its name, or contacts chosen for it. */
export function useInsightWords() {
  const { t } = useI18n()
  const locale = useLocale()

  function audienceText(audience: InsightAudience): string {
    if (audience.mode === 'everyone') return t('insights.audience.everyone')
    if (audience.mode === 'audience') {
      return audience.name ? t('insights.audience.audience', { name: isolatedName(audience.name) }) : t('insights.audience.audienceUnnamed')
    }
    const size = audience.size
    return size && size > 0
      ? t('insights.audience.contactsCount', { count: formatCount(size, locale.value) }, size)
      : t('insights.audience.contacts')
  }

  return { audienceText }
}
