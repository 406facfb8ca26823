import { onBeforeUnmount, onMounted } from 'vue'
import { useGroupDetailStore } from '../stores/group-detail'
import { useNavStore } from '../stores/nav'
import { useSyncStore } from '../stores/sync'

export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)

/** "Ctrl+F" or "⌘F", as the user's keyboard labels it. */
export function shortcutLabel(key: string): string {
  return isMac ? `⌘${key}` : `Ctrl+${key}`
}

/**
 * The app-wide keys: Ctrl/Cmd+F search, Ctrl/Cmd+N new story, Ctrl/Cmd+R sync (instead of
 * reloading the page), Escape closes the open group. Lists handle their own arrows and Enter.
 */
export function useShortcuts(): void {
  const nav = useNavStore()
  const sync = useSyncStore()
  const detail = useGroupDetailStore()

  function onKeydown(event: KeyboardEvent): void {
    const mod = isMac ? event.metaKey : event.ctrlKey
    if (mod && !event.altKey && !event.shiftKey) {
      const key = event.key.toLowerCase()
      if (key === 'f') {
        event.preventDefault()
        nav.focusSearch()
      } else if (key === 'n') {
        event.preventDefault()
        nav.startStory()
      } else if (key === 'r') {
        event.preventDefault()
        void sync.sync()
      }
      return
    }
    if (event.key === 'Escape' && !event.defaultPrevented && detail.isOpen && !document.querySelector('dialog[open]')) {
      detail.close()
    }
  }

  onMounted(() => window.addEventListener('keydown', onKeydown))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown))
}
