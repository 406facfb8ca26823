import type { Settings } from '@shared/channels/settings'
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'

export type ThemePreference = Settings['theme']
export type ThemeName = 'light' | 'dark'

const DARK_QUERY = '(prefers-color-scheme: dark)'

/**
 * Light, dark or the system's choice. The preference itself lives in the settings; this
 * store follows the system's scheme and puts the effective theme on <html data-theme>,
 * where base.css picks its colours.
 */
export const useThemeStore = defineStore('theme', () => {
  const preference = ref<ThemePreference>('system')
  const systemDark = ref(false)
  const effective = computed<ThemeName>(() => (preference.value === 'system' ? (systemDark.value ? 'dark' : 'light') : preference.value))

  let media: MediaQueryList | null = null
  const onSystemChange = (event: MediaQueryListEvent) => {
    systemDark.value = event.matches
    apply()
  }

  function apply(root: HTMLElement = document.documentElement): void {
    root.dataset['theme'] = effective.value
    root.style.colorScheme = effective.value
  }

  /** Starts following the system scheme; safe to call more than once. */
  function start(): void {
    if (!media && typeof window.matchMedia === 'function') {
      media = window.matchMedia(DARK_QUERY)
      systemDark.value = media.matches
      media.addEventListener('change', onSystemChange)
    }
    apply()
  }

  function setPreference(next: ThemePreference | null | undefined): void {
    preference.value = next ?? 'system'
    apply()
  }

  function stop(): void {
    media?.removeEventListener('change', onSystemChange)
    media = null
  }

  return { preference, systemDark, effective, start, setPreference, apply, stop }
})
