import { onBeforeUnmount, watch, type Ref } from 'vue'

/**
 * Closes a popover the way menus close everywhere else: a press outside `root`, or Escape
 * from anywhere while it is open. Listeners exist only while it is open, and Escape is
 * taken before the window's own shortcuts see it (so it does not also close the open group).
 */
export function useDismiss(root: Ref<HTMLElement | null>, open: Ref<boolean>, close: () => void): void {
  function onPointerDown(event: PointerEvent): void {
    const target = event.target as Node | null
    if (root.value && target && !root.value.contains(target)) close()
  }
  function onKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Escape') return
    event.preventDefault()
    event.stopPropagation()
    close()
  }
  function detach(): void {
    document.removeEventListener('pointerdown', onPointerDown, true)
    window.removeEventListener('keydown', onKeydown, true)
  }
  watch(open, (isOpen) => {
    detach()
    if (isOpen) {
      document.addEventListener('pointerdown', onPointerDown, true)
      window.addEventListener('keydown', onKeydown, true)
    }
  })
  onBeforeUnmount(detach)
}
