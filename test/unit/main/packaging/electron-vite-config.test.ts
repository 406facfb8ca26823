import { describe, expect, it } from 'vitest'
import { rendererDefine } from '../../../../electron.vite.config'

describe('the constants the renderer is built with', () => {
  it('search with an 80 ms debounce unless the groups-ui benchmark builds its own renderer', () => {
    expect(rendererDefine({})['__SEARCH_DEBOUNCE_MS__']).toBe(80)
    expect(rendererDefine({ STATUSDESK_BENCH_SEARCH_DEBOUNCE_MS: '0' })['__SEARCH_DEBOUNCE_MS__']).toBe(0)
    expect(rendererDefine({ STATUSDESK_BENCH_SEARCH_DEBOUNCE_MS: '150' })['__SEARCH_DEBOUNCE_MS__']).toBe(150)
  })

  it('fail the build on a debounce that is not a whole number of milliseconds up to 2,000', () => {
    for (const raw of ['', ' ', 'abc', '-5', '12.5', '1e3', '0x10', 'Infinity', 'NaN', '99999']) {
      expect(() => rendererDefine({ STATUSDESK_BENCH_SEARCH_DEBOUNCE_MS: raw }), raw).toThrow(/whole number of milliseconds/)
    }
  })
})
