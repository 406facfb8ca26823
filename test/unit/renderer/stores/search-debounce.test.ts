import { describe, expect, it } from 'vitest'
import {
  DEFAULT_SEARCH_DEBOUNCE_MS,
  parseSearchDebounceMs,
} from '../../../../src-renderer/src/stores/search-debounce'

describe('parseSearchDebounceMs', () => {
  it('keeps 80 ms when the build sets nothing', () => {
    expect(DEFAULT_SEARCH_DEBOUNCE_MS).toBe(80)
    expect(parseSearchDebounceMs(undefined)).toBe(80)
  })

  it('takes a whole number of milliseconds, 0 included (no debounce)', () => {
    expect(parseSearchDebounceMs('0')).toBe(0)
    expect(parseSearchDebounceMs('150')).toBe(150)
    expect(parseSearchDebounceMs(' 40 ')).toBe(40)
  })

  it('falls back to 80 ms on anything else, so a typo cannot break the search', () => {
    for (const raw of ['', ' ', 'abc', '-5', '12.5', '1e3', '0x10', 'Infinity', 'NaN', '99999']) {
      expect(parseSearchDebounceMs(raw), raw).toBe(80)
    }
  })
})
