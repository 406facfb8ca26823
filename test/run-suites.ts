/**
 * `npm test`: the unit suite (vitest), then the build and the end-to-end suite (Playwright in
 * Chromium). Both always run, so one failing half never hides the other; the exit code is
 * non-zero when either fails, and the last lines sum both up.
 * `npm run screenshots` (`--screenshots`): only the end-to-end suite, saving its screenshots
 * into docs/screenshots instead of the ignored test-results folder.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type SuiteResult, closingLines, readPlaywrightReport, readVitestReport } from './support/suite-report'

const root = fileURLToPath(new URL('..', import.meta.url))
const reports = join(root, 'test-results', 'reports')
const bin = (name: string): string => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name)

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const child = spawnSync(bin(command), args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
    shell: process.platform === 'win32',
  })
  return child.status ?? 1
}

function readReport(path: string, read: (json: unknown) => SuiteResult['counts']): SuiteResult['counts'] | null {
  try {
    return read(JSON.parse(readFileSync(path, 'utf8')))
  } catch {
    return null
  }
}

function unit(): SuiteResult {
  const file = join(reports, 'unit.json')
  rmSync(file, { force: true })
  const status = run('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`])
  return { name: 'unit', status, counts: readReport(file, readVitestReport) }
}

function e2e(env: NodeJS.ProcessEnv = {}): SuiteResult {
  const file = join(reports, 'e2e.json')
  rmSync(file, { force: true })
  const built = run('electron-vite', ['build'])
  if (built !== 0) return { name: 'end-to-end', status: built, counts: null, note: 'the build failed' }
  const status = run('playwright', ['test'], env)
  return { name: 'end-to-end', status, counts: readReport(file, readPlaywrightReport) }
}

const results = process.argv.includes('--screenshots') ? [e2e({ STATUSDESK_SCREENSHOTS: 'docs' })] : [unit(), e2e()]
console.log(`\n${closingLines(results).join('\n')}`)
process.exit(results.every((r) => r.status === 0) ? 0 : 1)
