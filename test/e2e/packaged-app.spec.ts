import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { extractFile, listPackage } from '@electron/asar'
import { FuseState, type FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { expect, test } from '@playwright/test'
import { Platform, build } from 'electron-builder'
import { RELEASE_FUSES, builderConfig } from '../../electron-builder.config'

/**
 * Packs the built app with the real electron-builder configuration, as `npm run dist` does,
 * but into an unpacked Linux folder and around a stand-in for Electron's binary (the real
 * one is downloaded on demand, from a host these machines cannot reach). The stand-in
 * carries Electron's fuse wire, so the fuses are flipped exactly as in a release.
 */
const ROOT = resolve(import.meta.dirname, '..', '..')
const OUT = resolve(process.env['STATUSDESK_OUT_DIR'] ?? join(ROOT, 'out'))
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'

let work: string
let appOutDir: string

test.beforeAll(async () => {
  test.setTimeout(180_000)
  if (!existsSync(join(OUT, 'main', 'index.js'))) throw new Error(`No build in ${OUT}: run "npx electron-vite build" first.`)
  work = await mkdtemp(join(tmpdir(), 'statusdesk-pack-'))
  const electronDist = join(work, 'electron-dist')
  await mkdir(electronDist)
  const wire = Buffer.alloc(Object.keys(RELEASE_FUSES).length, FuseState.ENABLE)
  const filler = Buffer.alloc(64 * 1024, 0x2a)
  await writeFile(
    join(electronDist, 'electron'),
    Buffer.concat([filler, Buffer.from(FUSE_SENTINEL), Buffer.from([1, wire.length]), wire, filler]),
    { mode: 0o755 },
  )
  const electronVersion = (
    JSON.parse(await readFile(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }
  ).version

  const release = builderConfig('release')
  await build({
    projectDir: ROOT,
    targets: Platform.LINUX.createTarget('dir'),
    publish: 'never',
    config: {
      ...release,
      electronDist,
      electronVersion,
      directories: { ...release.directories, output: join(work, 'release') },
      // A build in its own STATUSDESK_OUT_DIR is packed from there, to the same place in the asar.
      ...(OUT === join(ROOT, 'out') ? {} : { files: [{ from: OUT, to: 'out', filter: ['**/*', '!main/web.js'] }, 'package.json'] }),
    },
  })
  appOutDir = join(work, 'release', 'linux-unpacked')
})

test.afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true })
})

test('the packed binary carries every release fuse', async () => {
  const wire = await getCurrentFuseWire(join(appOutDir, 'statusdesk'))
  for (const [fuse, on] of Object.entries(RELEASE_FUSES)) {
    expect(wire[Number(fuse) as FuseV1Options], `fuse ${fuse}`).toBe(on ? FuseState.ENABLE : FuseState.DISABLE)
  }
})

test('the app is one asar holding the build output, package.json and runtime dependencies only', async () => {
  const resources = join(appOutDir, 'resources')
  expect(existsSync(join(resources, 'app'))).toBe(false)
  const entries = listPackage(join(resources, 'app.asar'), { isPack: false }).map((e) => e.replaceAll('\\', '/'))
  const top = new Set(entries.map((e) => e.split('/')[1]))
  expect([...top].sort()).toEqual(['node_modules', 'out', 'package.json'])
  // The workers are started from files beside the code that starts them; web mode's entry is not the desktop app's.
  for (const file of [
    '/out/main/index.js',
    '/out/main/page-worker.js',
    '/out/main/participants-worker.js',
    '/out/preload/index.cjs',
    '/out/renderer/index.html',
  ])
    expect(entries).toContain(file)
  expect(entries).not.toContain('/out/main/web.js')

  const packages = new Set(
    entries.filter((e) => /^\/node_modules\/[^/]+$|^\/node_modules\/@[^/]+\/[^/]+$/.test(e)).map((e) => e.slice('/node_modules/'.length)),
  )
  for (const dev of ['electron', 'electron-builder', 'vitest', 'playwright-core', '@doyensec/electronegativity', 'typescript']) {
    expect(packages.has(dev), `${dev} is a dev dependency`).toBe(false)
  }
  // The outbox on PostgreSQL is an engine's shared by several, not the desktop's.
  for (const engineOnly of ['pg-boss', '@electric-sql/pglite']) expect(packages.has(engineOnly), `${engineOnly} is not packed`).toBe(false)
  const manifest = JSON.parse(extractFile(join(resources, 'app.asar'), 'package.json').toString('utf8')) as {
    main: string
    scripts?: unknown
  }
  expect(manifest.main).toBe('out/main/index.js')
  expect(manifest.scripts).toBeUndefined()
})

test('update metadata points at an https feed', async () => {
  const updateConfig = await readFile(join(appOutDir, 'resources', 'app-update.yml'), 'utf8')
  expect(updateConfig).toMatch(/provider: generic/)
  expect(updateConfig).toMatch(/url: https:\/\//)
})
