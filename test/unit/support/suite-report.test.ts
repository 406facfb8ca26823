import { describe, expect, it } from 'vitest'
import { closingLines, readPlaywrightReport, readVitestReport } from '../../support/suite-report'

describe('the npm test summary', () => {
  it('reads vitest and Playwright reports', () => {
    expect(readVitestReport({ numTotalTests: 9, numPassedTests: 6, numFailedTests: 1, numPendingTests: 1, numTodoTests: 1 })).toEqual({
      passed: 6,
      failed: 1,
      skipped: 2,
      failures: [],
    })
    expect(readPlaywrightReport({ stats: { expected: 20, unexpected: 2, flaky: 1, skipped: 3 } })).toEqual({
      passed: 21,
      failed: 2,
      skipped: 3,
      failures: [],
    })
    expect(() => readVitestReport({})).toThrow(/not a vitest report/)
    expect(() => readPlaywrightReport(null)).toThrow(/not a Playwright report/)
  })

  it('names each failed test, and a file that failed without one, under its suite', () => {
    const unit = readVitestReport({
      numTotalTests: 3,
      numFailedTests: 1,
      testResults: [
        {
          name: '/r/test/a.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'ok' },
            { status: 'failed', fullName: 'store › keeps a claim' },
          ],
        },
        { name: '/r/test/b.test.ts', status: 'failed', assertionResults: [] },
        { name: '/r/test/c.test.ts', status: 'passed', assertionResults: [{ status: 'passed', fullName: 'fine' }] },
      ],
    })
    expect(unit.failures).toEqual(['/r/test/a.test.ts › store › keeps a claim', '/r/test/b.test.ts'])
    const e2e = readPlaywrightReport({
      stats: { expected: 1, unexpected: 1 },
      suites: [
        {
          file: 'x.spec.ts',
          specs: [{ title: 'passes', line: 3, tests: [{ status: 'expected' }] }],
          suites: [{ file: 'x.spec.ts', specs: [{ title: 'breaks', line: 9, tests: [{ status: 'unexpected' }] }] }],
        },
      ],
    })
    expect(e2e.failures).toEqual(['x.spec.ts:9 › breaks'])
    const lines = closingLines([{ name: 'unit', status: 1, counts: unit }])
    expect(lines).toEqual([
      'unit tests FAILED: 0 passed, 1 failed, 0 skipped',
      '  failed: /r/test/a.test.ts › store › keeps a claim',
      '  failed: /r/test/b.test.ts',
      '0 passed, 1 failed, 0 skipped',
    ])
  })

  it('names at most 20 failures from a hostile or broken report', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ name: `f${i}`, status: 'failed', assertionResults: [] }))
    expect(readVitestReport({ numTotalTests: 500, testResults: many }).failures).toHaveLength(20)
    expect(readVitestReport({ numTotalTests: 1, testResults: 'nonsense' }).failures).toEqual([])
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
