import { onBeforeUnmount, watch, type Ref } from 'vue'

export type DismissReason = 'outside' | 'escape'

/**
 * Closes a popover the way menus close everywhere else: a press outside all of `roots` (the
 * popover and the button that opens it), or Escape from anywhere while it is open.
 * Listeners exist only while it is open, and Escape is taken before the window's own
 * shortcuts see it (so it does not also close the open group).
 */
export function useDismiss(
  roots: ReadonlyArray<Ref<HTMLElement | null>>,
  open: Ref<boolean>,
  close: (reason: DismissReason) => void,
): void {
  function onPointerDown(event: PointerEvent): void {
    const target = event.target as Node | null
    if (target && !roots.some((root) => root.value?.contains(target))) close('outside')
  }
  function onKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Escape') return
    event.preventDefault()
    event.stopPropagation()
    close('escape')
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
