import { describe, expect, it } from 'vitest'
import { closingLines, readPlaywrightReport, readVitestReport } from '../../support/suite-report'

describe('the npm test summary', () => {
  it('reads vitest and Playwright reports', () => {
    expect(readVitestReport({ numTotalTests: 9, numPassedTests: 6, numFailedTests: 1, numPendingTests: 1, numTodoTests: 1 })).toEqual({
      passed: 6,
      failed: 1,
      skipped: 2,
    })
    expect(readPlaywrightReport({ stats: { expected: 20, unexpected: 2, flaky: 1, skipped: 3 } })).toEqual({
      passed: 21,
      failed: 2,
      skipped: 3,
    })
    expect(() => readVitestReport({})).toThrow(/not a vitest report/)
    expect(() => readPlaywrightReport(null)).toThrow(/not a Playwright report/)
  })

  it('reports both suites and a total line, failing when either failed', () => {
    const lines = closingLines([
      { name: 'unit', status: 1, counts: { passed: 10, failed: 2, skipped: 1 } },
      { name: 'end-to-end', status: 0, counts: { passed: 5, failed: 0, skipped: 1 } },
    ])
    expect(lines).toEqual([
      'unit tests FAILED: 10 passed, 2 failed, 1 skipped',
      'end-to-end tests passed: 5 passed, 0 failed, 1 skipped',
      '15 passed, 2 failed, 2 skipped',
    ])
  })

  it('never reads as clean when a runner failed without a report', () => {
    const lines = closingLines([
      { name: 'unit', status: 0, counts: { passed: 3, failed: 0, skipped: 0 } },
      { name: 'end-to-end', status: 1, counts: null, note: 'the build failed' },
    ])
    expect(lines.at(1)).toBe('end-to-end tests FAILED: the build failed')
    expect(lines.at(-1)).toBe('3 passed, 1 failed, 0 skipped')
  })

  it('counts a failing runner as a failure even when its report lists none', () => {
    expect(closingLines([{ name: 'unit', status: 1, counts: { passed: 4, failed: 0, skipped: 0 } }]).at(-1)).toBe(
      '4 passed, 1 failed, 0 skipped',
    )
  })
})
