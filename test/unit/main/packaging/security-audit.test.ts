import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AllowEntry, AllowListSchema, type Finding, audit, judge } from '../../../../.ci/electronegativity'
import { judgeAudit } from '../../../../.ci/npm-audit'

const ROOT = join(import.meta.dirname, '..', '..', '..', '..')

const finding = (over: Partial<Finding> = {}): Finding => ({
  id: 'OPEN_EXTERNAL_JS_CHECK',
  file: 'src-main/window.ts',
  line: 48,
  column: 16,
  severity: 'MEDIUM',
  confidence: 'TENTATIVE',
  sample: 'if (url) void shell.openExternal(url)',
  description: 'Review the use of openExternal',
  ...over,
})
const entry = (over: Partial<AllowEntry> = {}): AllowEntry => ({
  id: 'OPEN_EXTERNAL_JS_CHECK',
  file: 'src-main/window.ts',
  sample: 'shell.openExternal(url)',
  reason: 'only parsed https URLs reach it, see safeExternalUrl',
  ...over,
})

describe('the Electronegativity allow list', () => {
  it('the checked-in list is well formed and gives a reason for every entry', async () => {
    const raw = JSON.parse(await readFile(join(ROOT, '.ci', 'electronegativity-allow.json'), 'utf8')) as unknown
    const list = AllowListSchema.parse(raw)
    expect(list.length).toBeGreaterThan(0)
  })

  it('rejects an entry without a real reason', () => {
    const result = AllowListSchema.safeParse([{ id: 'PRELOAD_JS_CHECK', file: 'src-main/window.ts', reason: 'ok' }])
    expect(result.success).toBe(false)
  })

  it('allows a listed finding even when its line moved, and only that construct', () => {
    const verdict = judge([finding({ line: 90 }), finding({ sample: 'shell.openExternal(other)' })], [entry()])
    expect(verdict.allowed).toHaveLength(1)
    expect(verdict.unlisted).toEqual([finding({ sample: 'shell.openExternal(other)' })])
    expect(verdict.stale).toEqual([])
  })

  it('fails an unlisted finding and reports an entry that matches nothing as stale', () => {
    const verdict = judge([finding({ id: 'NODE_INTEGRATION_JS_CHECK' })], [entry()])
    expect(verdict.unlisted.map((f) => f.id)).toEqual(['NODE_INTEGRATION_JS_CHECK'])
    expect(verdict.stale).toEqual([entry()])
  })
})

describe('Electronegativity over a window that undoes the hardening', () => {
  let root: string
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'statusdesk-audit-fixture-'))
    await mkdir(join(root, 'src-main'), { recursive: true })
    await writeFile(join(root, 'package.json'), JSON.stringify({ name: 'fixture', devDependencies: { electron: '^45.0.0' } }))
    await writeFile(
      join(root, 'src-main', 'window.ts'),
      [
        "import { BrowserWindow } from 'electron'",
        'export const win = new BrowserWindow({',
        '  webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false, webSecurity: false },',
        '})',
        '// eng-disable NODE_INTEGRATION_JS_CHECK',
        '',
      ].join('\n'),
    )
  })
  afterAll(async () => {
    await rm(root, { recursive: true, force: true })
  })

  it('finds the unsafe preferences, none of which the allow list excuses, and the inline disable', async () => {
    const allow = AllowListSchema.parse(JSON.parse(await readFile(join(ROOT, '.ci', 'electronegativity-allow.json'), 'utf8')))
    const result = await audit(root)
    const unlisted = judge(result.findings, allow).unlisted.map((f) => f.id)
    expect(unlisted).toEqual(expect.arrayContaining(['CONTEXT_ISOLATION_JS_CHECK', 'SANDBOX_JS_CHECK', 'WEB_SECURITY_JS_CHECK']))
    expect(result.inline).toEqual(['src-main/window.ts:5'])
    expect(result.parseErrors).toEqual([])
  })
})

describe('the npm audit verdict', () => {
  it('passes a report without high or critical advisories', () => {
    const report = {
      vulnerabilities: { a: { name: 'a', severity: 'low', via: ['b'] } },
      metadata: { vulnerabilities: { low: 1, high: 0, critical: 0 } },
    }
    expect(judgeAudit(JSON.stringify(report))).toEqual({ kind: 'clean', counts: { low: 1, high: 0, critical: 0 } })
  })

  it('fails on a high or critical advisory and names it', () => {
    const report = {
      vulnerabilities: {
        a: { name: 'a', severity: 'critical', via: [{ title: 'Prototype pollution', url: 'https://github.com/advisories/GHSA-x' }] },
        b: { name: 'b', severity: 'high', via: ['a'] },
        c: { name: 'c', severity: 'moderate', via: ['a'] },
      },
      metadata: { vulnerabilities: { moderate: 1, high: 1, critical: 1 } },
    }
    expect(judgeAudit(JSON.stringify(report))).toEqual({
      kind: 'advisories',
      blocking: [
        { name: 'a', severity: 'critical', titles: ['Prototype pollution https://github.com/advisories/GHSA-x'] },
        { name: 'b', severity: 'high', titles: ['through a'] },
      ],
    })
  })

  it('tells an unreachable endpoint apart from a clean audit', () => {
    const refused = {
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    }
    expect(judgeAudit(JSON.stringify(refused))).toMatchObject({ kind: 'unreachable' })
    expect(judgeAudit('npm ERR! something else')).toMatchObject({ kind: 'unreadable' })
  })
})
