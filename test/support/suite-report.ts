/** Reading the unit and end-to-end runners' JSON reports into one summary for `npm test`. */

export interface SuiteCounts {
  passed: number
  failed: number
  skipped: number
}

export interface SuiteResult {
  name: string
  /** The runner's exit status. */
  status: number
  /** Null when the runner wrote no report (it crashed, or never started). */
  counts: SuiteCounts | null
  note?: string
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0)

/** Vitest's JSON reporter (the Jest-compatible shape). */
export function readVitestReport(json: unknown): SuiteCounts {
  const report = json as Record<string, unknown>
  if (typeof report?.['numTotalTests'] !== 'number') throw new Error('not a vitest report')
  return {
    passed: count(report['numPassedTests']),
    failed: count(report['numFailedTests']),
    skipped: count(report['numPendingTests']) + count(report['numTodoTests']),
  }
}

/** Playwright's JSON reporter: flaky tests passed on a retry, so they count as passed. */
export function readPlaywrightReport(json: unknown): SuiteCounts {
  const stats = (json as { stats?: Record<string, unknown> } | null)?.stats
  if (stats === undefined) throw new Error('not a Playwright report')
  return {
    passed: count(stats['expected']) + count(stats['flaky']),
    failed: count(stats['unexpected']),
    skipped: count(stats['skipped']),
  }
}

/**
 * One line per suite, then the total as "N passed, N failed, N skipped" alone on a line. A
 * suite that failed without a report counts one failure, so the total never reads as clean.
 */
export function closingLines(results: readonly SuiteResult[]): string[] {
  const total: SuiteCounts = { passed: 0, failed: 0, skipped: 0 }
  const lines = results.map((result) => {
    const counts = result.counts ?? { passed: 0, failed: result.status === 0 ? 0 : 1, skipped: 0 }
    const failed = result.status !== 0 && counts.failed === 0 ? 1 : counts.failed
    total.passed += counts.passed
    total.failed += failed
    total.skipped += counts.skipped
    const verdict = result.status === 0 ? 'passed' : 'FAILED'
    const detail = result.counts
      ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`
      : (result.note ?? 'no report was written')
    return `${result.name} tests ${verdict}: ${detail}`
  })
  return [...lines, `${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`]
}
