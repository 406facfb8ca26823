/// <reference lib="dom" />
import type { Page } from '@playwright/test'

/** The main controls whose text must show whole: buttons, navigation, tabs, headers, legends, table heads. */
const CONTROLS = 'button, [role="tab"], [role="radio"], [role="menuitem"], nav a, h1, h2, h3, legend, th, select, .segmented label'

/**
 * Main controls whose text does not fit: wider than their own box (text spilling out or cut by
 * their overflow), or reaching out of the nearest ancestor that clips, or out of the window.
 * Each finding names the control, its text and by how many pixels it misses.
 */
export function clippedControls(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const findings: string[] = []
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${(el as HTMLElement).dataset['testid'] ? `[${(el as HTMLElement).dataset['testid']}]` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const rect = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      if (rect.width <= 2 || rect.height <= 2 || style.visibility === 'hidden' || el.closest('.visually-hidden')) continue
      if (!(el.textContent ?? '').trim()) continue
      const spill = el.scrollWidth - el.clientWidth
      if (el.tagName !== 'SELECT' && spill > 1) findings.push(`${describe(el)} is ${spill}px wider than its box`)
      if (rect.left < -1 || rect.right > window.innerWidth + 1) findings.push(`${describe(el)} reaches out of the window`)
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX
        if (overflow === 'visible') continue
        const box = parent.getBoundingClientRect()
        // A scrolling container may hold more than it shows; only a clipping one cuts text off.
        if ((overflow === 'hidden' || overflow === 'clip') && (rect.left < box.left - 1 || rect.right > box.right + 1)) {
          findings.push(
            `${describe(el)} is cut off by ${describe(parent).split(' ')[0]} by ${Math.round(Math.max(box.left - rect.left, rect.right - box.right))}px`,
          )
        }
        break
      }
    }
    return findings
  }, CONTROLS)
}
