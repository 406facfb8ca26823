import type { AppErrorData } from '@shared/errors'
import { isoToSeconds } from './time'

/** When the server allows the next try (a long Retry-After), as Unix seconds; null when it did not say. */
export function retryAtSeconds(error: AppErrorData | null | undefined): number | null {
  const at = error?.details?.['retryAt']
  return typeof at === 'string' ? isoToSeconds(at) : null
}

/** "16:05:30" in the user's region: the instant of a retry, to the second. */
export function clockTime(seconds: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(seconds * 1000)
}
