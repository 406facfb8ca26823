import { defineStore } from 'pinia'
import { ref } from 'vue'

export const SECTIONS = ['groups', 'story', 'feed', 'insights', 'outbox', 'settings'] as const
export type Section = (typeof SECTIONS)[number]

/** Which section of the frame is showing, and requests that cross sections (focus search). */
export const useNavStore = defineStore('nav', () => {
  const section = ref<Section>('groups')
  /** Bumped to ask the groups view to focus its search box (Ctrl/Cmd+F from anywhere). */
  const searchFocusRequest = ref(0)
  /** Set by Ctrl/Cmd+N: the composer puts the keyboard in its text once it shows, then clears it. */
  const composeFocusPending = ref(false)
  /** True while the connect screen is open to add another account. */
  const adding = ref(false)

  function go(next: Section): void {
    section.value = next
  }

  function focusSearch(): void {
    section.value = 'groups'
    searchFocusRequest.value++
  }

  function startStory(): void {
    section.value = 'story'
    composeFocusPending.value = true
  }

  function takeComposeFocus(): boolean {
    const pending = composeFocusPending.value
    composeFocusPending.value = false
    return pending
  }

  function startAdding(): void {
    adding.value = true
  }

  function stopAdding(): void {
    adding.value = false
  }

  return {
    section,
    searchFocusRequest,
    composeFocusPending,
    adding,
    go,
    focusSearch,
    startStory,
    takeComposeFocus,
    startAdding,
    stopAdding,
  }
})
