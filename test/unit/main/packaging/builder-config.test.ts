import { createRequire } from 'node:module'
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import type { AfterPackContext, Configuration } from 'electron-builder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import builderDefault, { RELEASE_FUSES, builderConfig, fuseHook, fusesFor, packedElectronPath } from '../../../../electron-builder.config'
import { LINUX_ICON_SIZES, MASTER_ICON_SIZE } from '../../../../src-main/resources/render-icons'

const ROOT = join(import.meta.dirname, '..', '..', '..', '..')
const require = createRequire(import.meta.url)

type TargetList = { target: string; arch?: string[] }[]
const targetsOf = (value: unknown): TargetList => value as TargetList
const config = builderConfig('release')

/** Width and height from a PNG's IHDR chunk. */
async function pngSize(file: string): Promise<{ width: number; height: number }> {
  const bytes = await readFile(file)
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

describe('electron-builder configuration', () => {
  it("loads through electron-builder's own loader and passes its schema", async () => {
    const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      getConfig(projectDir: string, configPath: string | null, configFromOptions: null): Promise<Configuration>
      validateConfiguration(config: Configuration, logger: unknown): Promise<void>
    }
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }
    const loaded = await getConfig(ROOT, 'electron-builder.config.ts', null)
    await expect(validateConfiguration(loaded, new DebugLogger(false))).resolves.toBeUndefined()
    expect(loaded.appId).toBe('app.statusdesk.desktop')
    expect(loaded.productName).toBe('Statusdesk')
    expect(typeof loaded.afterPack).toBe('function')
  })

  it('is the release variant unless STATUSDESK_BUILD_VARIANT=test', () => {
    expect(builderDefault.appId).toBe(builderConfig('release').appId)
  })

  it('packs only the build output and package.json, into an asar, with no file associations', () => {
    expect(config.files).toEqual([
      'out/**',
      '!out/main/web.js',
      // The agent runs on a server, from `npm run agent` or its own image.
      '!out/main/agent.js',
      'package.json',
      // The outbox on PostgreSQL is a shared engine's, not the desktop's.
      '!node_modules/@electric-sql/**',
      '!node_modules/pg-boss/**',
    ])
    expect(config.asar).toBe(true)
    expect(config.fileAssociations).toEqual([])
    expect(config.protocols).toEqual([])
    expect(config.directories?.buildResources).toBe('src-main/resources')
  })

  it('builds NSIS on Windows, DMG and zip per arch on macOS, AppImage and deb on Linux', () => {
    expect(targetsOf(config.win?.target)).toEqual([{ target: 'nsis', arch: ['x64', 'arm64'] }])
    expect(targetsOf(config.mac?.target)).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ])
    expect(targetsOf(config.linux?.target).map((t) => t.target)).toEqual(['AppImage', 'deb'])
    expect(config.linux?.maintainer).toMatch(/^.+ <[^@\s]+@[^@\s]+>$/)
    expect(config.linux?.category).toBeTruthy()
    expect(config.deb?.depends).toContain('libsecret-1-0')
  })

  it('names every artifact with the version and the arch', () => {
    const names = [
      config.artifactName,
      config.nsis?.artifactName,
      config.dmg?.artifactName,
      config.appImage?.artifactName,
      config.deb?.artifactName,
    ]
    for (const name of names) {
      expect(name).toContain('${version}')
      expect(name).toContain('${arch}')
    }
  })

  it('offers update metadata only for an https feed', () => {
    const publish = config.publish as { provider: string; url: string }
    expect(publish.provider).toBe('generic')
    expect(new URL(publish.url).protocol).toBe('https:')
  })

  it('has a 1024 px master icon and every Linux size', async () => {
    const resources = join(ROOT, 'src-main', 'resources')
    expect(config.mac?.icon).toBe('icon.png')
    expect(config.win?.icon).toBe('icon.png')
    expect(await pngSize(join(resources, 'icon.png'))).toEqual({ width: MASTER_ICON_SIZE, height: MASTER_ICON_SIZE })
    const files = await readdir(join(resources, String(config.linux?.icon)))
    expect(files.sort()).toEqual(LINUX_ICON_SIZES.map((s) => `${s}x${s}.png`).sort())
    for (const size of LINUX_ICON_SIZES) {
      expect(await pngSize(join(resources, 'icons', `${size}x${size}.png`))).toEqual({ width: size, height: size })
    }
  })
})

describe('fuses', () => {
  it('decides every fuse @electron/fuses knows', () => {
    const known = Object.values(FuseV1Options).filter((v): v is FuseV1Options => typeof v === 'number')
    expect(Object.keys(RELEASE_FUSES).map(Number).sort()).toEqual(known.sort())
  })

  it('ships with Node entry points closed and the asar locked down', () => {
    expect(RELEASE_FUSES).toMatchObject({
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    })
  })

  it('the test variant differs only by allowing inspect arguments, and never looks like the release', () => {
    const test = fusesFor('test')
    expect({ ...test, [FuseV1Options.EnableNodeCliInspectArguments]: false }).toEqual(RELEASE_FUSES)
    expect(test[FuseV1Options.EnableNodeCliInspectArguments]).toBe(true)
    const testConfig = builderConfig('test')
    expect(testConfig.appId).not.toBe(config.appId)
    expect(testConfig.productName).not.toBe(config.productName)
    expect(testConfig.directories?.output).not.toBe(config.directories?.output)
    for (const platform of [testConfig.win, testConfig.mac, testConfig.linux]) {
      expect(targetsOf(platform?.target).map((t) => t.target)).toEqual(['dir'])
    }
  })

  describe('the afterPack hook on a packed binary', () => {
    const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
    let dir: string
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'statusdesk-fuses-'))
    })
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true })
    })

    /** A stand-in for Electron's binary: filler, the fuse sentinel, version 1, a wire of `length` fuses. */
    async function fakeElectron(name: string, length: number): Promise<string> {
      const wire = Buffer.alloc(length, FuseState.ENABLE)
      const bytes = Buffer.concat([
        Buffer.alloc(1024, 0x2a),
        Buffer.from(SENTINEL),
        Buffer.from([1, length]),
        wire,
        Buffer.alloc(1024, 0x2a),
      ])
      const file = join(dir, name)
      await writeFile(file, bytes)
      return file
    }

    const linuxContext = (appOutDir: string, executableName: string) =>
      ({ appOutDir, electronPlatformName: 'linux', arch: 1, packager: { executableName } }) as unknown as AfterPackContext

    it('writes the release wire into the binary where electron-builder put it', async () => {
      const binary = await fakeElectron('statusdesk', Object.keys(RELEASE_FUSES).length)
      await fuseHook('release')(linuxContext(dir, 'statusdesk'))
      const wire = await getCurrentFuseWire(binary)
      for (const [fuse, on] of Object.entries(RELEASE_FUSES)) {
        expect(wire[Number(fuse) as FuseV1Options], FuseV1Options[Number(fuse)]).toBe(on ? FuseState.ENABLE : FuseState.DISABLE)
      }
    })

    it('refuses a binary with a fuse nobody decided on', async () => {
      await fakeElectron('newer-electron', Object.keys(RELEASE_FUSES).length + 1)
      await expect(fuseHook('release')(linuxContext(dir, 'newer-electron'))).rejects.toThrow(/strictlyRequireAllFuses/)
    })

    it('finds the binary the way electron-builder names it on each platform', () => {
      const packager = {
        executableName: 'statusdesk',
        appInfo: { productFilename: 'Statusdesk' },
      } as unknown as AfterPackContext['packager']
      expect(packedElectronPath({ appOutDir: '/o', electronPlatformName: 'linux', packager })).toBe(join('/o', 'statusdesk'))
      expect(packedElectronPath({ appOutDir: '/o', electronPlatformName: 'win32', packager })).toBe(join('/o', 'Statusdesk.exe'))
      expect(packedElectronPath({ appOutDir: '/o', electronPlatformName: 'darwin', packager })).toBe(join('/o', 'Statusdesk.app'))
    })
  })
})
