import { existsSync } from 'node:fs'
import { readFile, readdir } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { DEFAULT_TOKEN } from '../../src-main/emulator/state/options'
import { preloadRequires, scanRendererBundle } from '../support/bundle-scan'
import { expect, test } from './support/fixtures'

// Runs after `electron-vite build` (npm run test:e2e) on the very files that ship.
const OUT = resolve(process.env['STATUSDESK_OUT_DIR'] ?? 'out')

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

test.beforeAll(() => {
  if (!existsSync(join(OUT, 'renderer', 'index.html'))) {
    throw new Error(`No built renderer in ${OUT}: run "npx electron-vite build" first (npm run test:e2e does).`)
  }
})

test('the built renderer holds no Node built-in, no ipcRenderer and no token-like string', async () => {
  const files = (await filesUnder(join(OUT, 'renderer'))).filter((f) => /\.(m?js|html|css)$/.test(f))
  expect(files.some((f) => f.endsWith('.js'))).toBe(true)
  const problems: string[] = []
  for (const file of files) {
    for (const problem of scanRendererBundle(await readFile(file, 'utf8'), [DEFAULT_TOKEN])) {
      problems.push(`${relative(OUT, file)}: ${problem.rule}: …${problem.excerpt}…`)
    }
  }
  expect(problems).toEqual([])
})

test('the renderer ships without source maps', async () => {
  const maps = (await filesUnder(join(OUT, 'renderer'))).filter((f) => f.endsWith('.map'))
  expect(maps).toEqual([])
})

test('the sandboxed preload requires nothing but electron', async () => {
  const preload = await readFile(join(OUT, 'preload', 'index.cjs'), 'utf8')
  expect(preloadRequires(preload)).toEqual(['electron'])
})
