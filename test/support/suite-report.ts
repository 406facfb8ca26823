/** Reading the unit and end-to-end runners' JSON reports into one summary for `npm test`. */

export interface SuiteCounts {
  passed: number
  failed: number
  skipped: number
  /** Which tests failed, as "file › title", so a failure far up a long log is named at its end. */
  failures?: string[]
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
const text = (value: unknown): string => (typeof value === 'string' ? value : '')
/** A report is read, not trusted: a run where everything broke names only its first failures. */
const MAX_NAMED_FAILURES = 20

interface VitestFile {
  name?: unknown
  status?: unknown
  assertionResults?: { status?: unknown; fullName?: unknown }[]
}

function vitestFailures(files: unknown): string[] {
  if (!Array.isArray(files)) return []
  return (files as VitestFile[]).flatMap((file) => {
    const where = text(file.name)
    const tests = Array.isArray(file.assertionResults) ? file.assertionResults : []
    const failed = tests.filter((t) => t.status === 'failed').map((t) => `${where} › ${text(t.fullName)}`)
    // A file that failed to load or in a hook has no failed test to name; name the file.
    return failed.length === 0 && file.status === 'failed' ? [where] : failed
  })
}

interface PlaywrightSuite {
  file?: unknown
  specs?: { title?: unknown; line?: unknown; tests?: { status?: unknown }[] }[]
  suites?: PlaywrightSuite[]
}

function playwrightFailures(suites: unknown, depth = 0): string[] {
  if (!Array.isArray(suites) || depth > 20) return []
  return (suites as PlaywrightSuite[]).flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => (spec.tests ?? []).some((t) => t.status === 'unexpected'))
      .map((spec) => `${text(suite.file)}:${count(spec.line)} › ${text(spec.title)}`),
    ...playwrightFailures(suite.suites, depth + 1),
  ])
}

/** Vitest's JSON reporter (the Jest-compatible shape). */
export function readVitestReport(json: unknown): SuiteCounts {
  const report = json as Record<string, unknown>
  if (typeof report?.['numTotalTests'] !== 'number') throw new Error('not a vitest report')
  return {
    passed: count(report['numPassedTests']),
    failed: count(report['numFailedTests']),
    skipped: count(report['numPendingTests']) + count(report['numTodoTests']),
    failures: vitestFailures(report['testResults']).slice(0, MAX_NAMED_FAILURES),
  }
}

/** Playwright's JSON reporter: flaky tests passed on a retry, so they count as passed. */
export function readPlaywrightReport(json: unknown): SuiteCounts {
  const report = json as { stats?: Record<string, unknown>; suites?: unknown } | null
  const stats = report?.stats
  if (stats === undefined) throw new Error('not a Playwright report')
  return {
    passed: count(stats['expected']) + count(stats['flaky']),
    failed: count(stats['unexpected']),
    skipped: count(stats['skipped']),
    failures: playwrightFailures(report?.suites).slice(0, MAX_NAMED_FAILURES),
  }
}

/**
 * One line per suite, each followed by the tests it failed, then the total as "N passed, N failed, N skipped" alone on a line. A
 * suite that failed without a report counts one failure, so the total never reads as clean.
 */
export function closingLines(results: readonly SuiteResult[]): string[] {
  const total: SuiteCounts = { passed: 0, failed: 0, skipped: 0 }
  const lines = results.flatMap((result) => {
    const counts = result.counts ?? { passed: 0, failed: result.status === 0 ? 0 : 1, skipped: 0 }
    const failed = result.status !== 0 && counts.failed === 0 ? 1 : counts.failed
    total.passed += counts.passed
    total.failed += failed
    total.skipped += counts.skipped
    const verdict = result.status === 0 ? 'passed' : 'FAILED'
    const detail = result.counts
      ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`
      : (result.note ?? 'no report was written')
    const named = (result.counts?.failures ?? []).map((name) => `  failed: ${name}`)
    return [`${result.name} tests ${verdict}: ${detail}`, ...named]
  })
  return [...lines, `${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`]
}
