import { defineStore } from 'pinia'
import { ref } from 'vue'

export const SECTIONS = ['groups', 'story', 'outbox', 'settings'] as const
export type Section = (typeof SECTIONS)[number]

/** Which section of the frame is showing, and requests that cross sections (focus search). */
export const useNavStore = defineStore('nav', () => {
  const section = ref<Section>('groups')
  /** Bumped to ask the groups view to focus its search box (Ctrl/Cmd+F from anywhere). */
  const searchFocusRequest = ref(0)
  /** True while the connect screen is open to add another account. */
  const adding = ref(false)

  function go(next: Section): void {
    section.value = next
  }

  function focusSearch(): void {
    section.value = 'groups'
    searchFocusRequest.value++
  }

  function startAdding(): void {
    adding.value = true
  }

  function stopAdding(): void {
    adding.value = false
  }

  return { section, searchFocusRequest, adding, go, focusSearch, startAdding, stopAdding }
})
