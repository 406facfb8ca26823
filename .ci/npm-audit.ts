/**
 * `npm audit --omit=dev`: fails on any high or critical advisory in what the app ships.
 *
 * The advisory endpoint is a POST to the registry. Where a proxy allows only GET (npm then
 * answers with the HTTP error instead of a report), the audit cannot run: that is reported
 * as a warning, or as a failure when STATUSDESK_REQUIRE_NPM_AUDIT=1 (set it wherever the
 * endpoint is known to be reachable, so an outage cannot pass for a clean audit).
 */
import { spawnSync } from 'node:child_process'

const BLOCKING = new Set(['high', 'critical'])

interface Vulnerability {
  name: string
  severity: string
  via: (string | { title?: string; url?: string })[]
}

export type AuditVerdict =
  | { kind: 'clean'; counts: Record<string, number> }
  | { kind: 'advisories'; blocking: { name: string; severity: string; titles: string[] }[] }
  | { kind: 'unreachable'; message: string }
  | { kind: 'unreadable'; message: string }

export function judgeAudit(output: string): AuditVerdict {
  let report: unknown
  try {
    report = JSON.parse(output)
  } catch {
    return { kind: 'unreadable', message: output.slice(0, 500) || 'npm audit printed nothing' }
  }
  if (typeof report !== 'object' || report === null) return { kind: 'unreadable', message: String(report) }
  const data = report as {
    metadata?: { vulnerabilities?: Record<string, number> }
    vulnerabilities?: Record<string, Vulnerability>
    statusCode?: number
    message?: string
  }
  if (data.metadata?.vulnerabilities) {
    const blocking = Object.values(data.vulnerabilities ?? {})
      .filter((v) => BLOCKING.has(v.severity))
      .map((v) => ({
        name: v.name,
        severity: v.severity,
        titles: v.via.map((via) => (typeof via === 'string' ? `through ${via}` : `${via.title ?? ''} ${via.url ?? ''}`.trim())),
      }))
    return blocking.length > 0 ? { kind: 'advisories', blocking } : { kind: 'clean', counts: data.metadata.vulnerabilities }
  }
  if (typeof data.statusCode === 'number' || typeof data.message === 'string') {
    return { kind: 'unreachable', message: data.message ?? `HTTP ${data.statusCode}` }
  }
  return { kind: 'unreadable', message: output.slice(0, 500) }
}

function main(): number {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const run = spawnSync(npm, ['audit', '--omit=dev', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const verdict = judgeAudit(run.stdout ?? '')
  switch (verdict.kind) {
    case 'clean':
      console.log(`npm audit: no high or critical advisories (${JSON.stringify(verdict.counts)})`)
      return 0
    case 'advisories':
      for (const v of verdict.blocking) console.error(`  ${v.severity.toUpperCase()} ${v.name}: ${v.titles.join('; ')}`)
      console.error(`npm audit: ${verdict.blocking.length} package(s) with high or critical advisories. Update them or drop them.`)
      return 1
    case 'unreachable':
      if (process.env['STATUSDESK_REQUIRE_NPM_AUDIT'] === '1') {
        console.error(`npm audit could not reach the advisory endpoint: ${verdict.message}`)
        return 1
      }
      console.warn(`WARNING: npm audit did not run, the advisory endpoint refused: ${verdict.message}`)
      console.warn('WARNING: no advisory check happened. Set STATUSDESK_REQUIRE_NPM_AUDIT=1 where the endpoint is reachable.')
      return 0
    case 'unreadable':
      console.error(`npm audit printed something unexpected: ${verdict.message}\n${run.stderr ?? ''}`)
      return 1
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) process.exitCode = main()
