import { computed, type ComputedRef } from 'vue'
import { useI18n } from 'vue-i18n'

/** The locale dates and numbers are formatted in (the i18n locale, set from the settings). */
export function useLocale(): ComputedRef<string> {
  const { locale } = useI18n()
  return computed(() => locale.value)
}
