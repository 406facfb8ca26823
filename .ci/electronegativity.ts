/**
 * Audits the app's sources with Electronegativity (Doyensec) and fails on any finding that
 * .ci/electronegativity-allow.json does not list with a reason. Run by .ci/run;
 * `npx tsx .ci/electronegativity.ts` by hand. Also fails on an allow-list entry that no
 * longer matches anything, on a file the tool could not parse (it would go unaudited) and on
 * inline `eng-disable` comments (every exception lives in the allow list, with its reason).
 *
 * The tool reads .js/.ts/.html but not .vue; test/unit/main/packaging/renderer-sources.test.ts
 * covers the templates. The CSP is sent as a header (src-main/platform/net/csp.ts), which the tool cannot
 * see in code, so the production policy is rendered into a staged HTML file for its CSP checks.
 */
import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { z } from 'zod'
import { contentSecurityPolicy } from '../src-main/platform/net/csp'

const ROOT = join(import.meta.dirname, '..')
const ALLOW_FILE = join(ROOT, '.ci', 'electronegativity-allow.json')
const SOURCES = ['src-main', 'src-preload', 'src-renderer', 'src-shared']
/** The header policy, staged as a page so the tool's CSP checks evaluate the real thing. */
export const STAGED_CSP_PAGE = 'csp-header-policy.html'
/**
 * Checks left out, each with why. AvailableSecurityFixesGlobalCheck asks GitHub for
 * Electron's release notes to flag a version with known fixes: CI may be offline and the
 * answer changes daily, so that question goes to `npm audit` instead (GitHub's advisory
 * database covers the electron package). ElectronVersionJSONCheck only feeds it the version
 * (an informational "finding" on package.json).
 */
export const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck', 'ElectronVersionJSONCheck']

export const AllowEntrySchema = z.strictObject({
  id: z.string().regex(/^[A-Z0-9_]+$/),
  /** Path relative to the repository root, as the finding reports it. */
  file: z.string().min(1),
  /** A piece of the flagged line, to pin the entry to one construct rather than a line number. */
  sample: z.string().min(1).optional(),
  reason: z.string().trim().min(30, 'say why the finding is acceptable (30 characters at least)'),
})
export type AllowEntry = z.infer<typeof AllowEntrySchema>
export const AllowListSchema = z.array(AllowEntrySchema)

export interface Finding {
  id: string
  file: string
  line: number
  column: number
  severity: string
  confidence: string
  sample: string
  description: string
}

interface RawIssue {
  id: string
  file: string
  location: { line: number; column: number }
  severity: { name: string }
  confidence: { name: string }
  sample?: string
  description: string
}
interface RawResult {
  issues: RawIssue[]
  errors: { file: string; message: string; tolerable: boolean }[]
}
type Run = (options: Record<string, unknown>, forCli: boolean) => Promise<RawResult>

export function matches(entry: AllowEntry, finding: Finding): boolean {
  return entry.id === finding.id && entry.file === finding.file && (!entry.sample || finding.sample.includes(entry.sample))
}

export interface Verdict {
  unlisted: Finding[]
  allowed: { finding: Finding; entry: AllowEntry }[]
  stale: AllowEntry[]
}

export function judge(findings: readonly Finding[], allow: readonly AllowEntry[]): Verdict {
  const used = new Set<AllowEntry>()
  const verdict: Verdict = { unlisted: [], allowed: [], stale: [] }
  for (const finding of findings) {
    const entry = allow.find((candidate) => matches(candidate, finding))
    if (entry) {
      used.add(entry)
      verdict.allowed.push({ finding, entry })
    } else {
      verdict.unlisted.push(finding)
    }
  }
  verdict.stale = allow.filter((entry) => !used.has(entry))
  return verdict
}

async function stage(root: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'statusdesk-electronegativity-'))
  for (const source of SOURCES) {
    if (existsSync(join(root, source))) await cp(join(root, source), join(dir, source), { recursive: true })
  }
  await writeFile(join(dir, 'package.json'), await readFile(join(root, 'package.json')))
  await mkdir(join(dir, 'src-main'), { recursive: true })
  await writeFile(
    join(dir, 'src-main', STAGED_CSP_PAGE),
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy()}"></head><body></body></html>\n`,
  )
  return dir
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

async function inlineDisables(dir: string): Promise<string[]> {
  const found: string[] = []
  for (const file of await filesUnder(dir)) {
    if (!/\.(ts|js|html|vue)$/.test(file)) continue
    const text = await readFile(file, 'utf8')
    text.split('\n').forEach((line, index) => {
      if (line.includes('eng-disable')) found.push(`${relative(dir, file)}:${index + 1}`)
    })
  }
  return found
}

/** Runs the tool over the app sources under `root` (the repository, or a fixture in tests). */
export async function audit(root = ROOT): Promise<{ findings: Finding[]; parseErrors: string[]; inline: string[]; sarif: string }> {
  const require = createRequire(import.meta.url)
  const loaded = require('@doyensec/electronegativity') as Run | { default: Run }
  const run = typeof loaded === 'function' ? loaded : loaded.default
  const electron = require('electron/package.json') as { version: string }
  const dir = await stage(root)
  const sarif = join(dir, 'electronegativity.sarif')
  try {
    const result = await run(
      {
        input: dir,
        output: sarif,
        isSarif: true,
        isRelative: true,
        customScan: [],
        excludeFromScan: EXCLUDED_CHECKS,
        electronVersionOverride: electron.version,
        parserPlugins: [],
      },
      false,
    )
    const findings = result.issues.map((issue) => ({
      id: issue.id,
      file: issue.file.replaceAll('\\', '/'),
      line: issue.location.line,
      column: issue.location.column,
      severity: issue.severity.name,
      confidence: issue.confidence.name,
      sample: (issue.sample ?? '').trim(),
      description: issue.description,
    }))
    return {
      findings,
      parseErrors: result.errors.filter((e) => !e.tolerable).map((e) => `${relative(dir, e.file)}: ${e.message}`),
      inline: await inlineDisables(dir),
      sarif: await readFile(sarif, 'utf8').catch(() => ''),
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

async function main(): Promise<number> {
  const allow = AllowListSchema.parse(JSON.parse(await readFile(ALLOW_FILE, 'utf8')))
  const { findings, parseErrors, inline, sarif } = await audit()
  if (sarif) {
    await mkdir(join(ROOT, 'test-results'), { recursive: true })
    await writeFile(join(ROOT, 'test-results', 'electronegativity.sarif'), sarif)
  }
  const verdict = judge(findings, allow)
  const where = (f: Finding) => `${f.file}:${f.line}:${f.column}`

  console.log(`Electronegativity: ${findings.length} finding(s), ${verdict.allowed.length} allowed`)
  for (const { finding, entry } of verdict.allowed) {
    console.log(`  allowed  ${finding.id} ${where(finding)} (${finding.severity}/${finding.confidence}): ${entry.reason}`)
  }
  for (const finding of verdict.unlisted) {
    console.error(`  FINDING  ${finding.id} ${where(finding)} (${finding.severity}/${finding.confidence})`)
    console.error(`           ${finding.sample || finding.description}`)
  }
  for (const entry of verdict.stale) console.error(`  STALE    allow-list entry matches nothing: ${entry.id} ${entry.file}`)
  for (const error of parseErrors) console.error(`  UNPARSED ${error}`)
  for (const place of inline)
    console.error(`  INLINE   eng-disable comment at ${place}: list the exception in ${relative(ROOT, ALLOW_FILE)}`)

  const failed = verdict.unlisted.length + verdict.stale.length + parseErrors.length + inline.length
  if (failed > 0) {
    console.error(`Electronegativity audit failed. Fix the code, or list the finding with a reason in ${relative(ROOT, ALLOW_FILE)}.`)
    return 1
  }
  console.log('Electronegativity audit passed.')
  return 0
}

if (process.argv[1] && import.meta.filename === process.argv[1]) process.exitCode = await main()
