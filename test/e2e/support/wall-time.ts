import type { Page } from '@playwright/test'

/** The wall time `ms` from now on the page's clock, to the second, as the picker reads it, and its instant. */
export function wallTime(page: Page, ms: number): Promise<{ at: number; wall: string }> {
  return page.evaluate((ahead) => {
    const at = Math.ceil((Date.now() + ahead) / 1000) * 1000
    const d = new Date(at)
    const pad = (n: number) => String(n).padStart(2, '0')
    return {
      at,
      wall: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
    }
  }, ms)
}
