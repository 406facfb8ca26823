/**
 * Rasterises icon.svg into the PNGs the installers need, with the same Chromium the
 * end-to-end tests drive. Run after editing the SVG (`npm run icons`) and commit the PNGs:
 *   icon.png         1024×1024: electron-builder derives the macOS .icns and the Windows .ico
 *   icons/NxN.png    the sizes a Linux desktop looks up in the hicolor theme
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromium } from '../../test/e2e/support/chromium'

export const LINUX_ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const
export const MASTER_ICON_SIZE = 1024

const here = import.meta.dirname

async function render(): Promise<void> {
  assertChromium()
  const svg = await readFile(join(here, 'icon.svg'), 'utf8')
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 })
    const png = async (size: number): Promise<Buffer> => {
      await page.setViewportSize({ width: size, height: size })
      // Drawn at the target size (not scaled from 1024) so small sizes stay crisp.
      const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `)
      await page.setContent(`<!doctype html><body style="margin:0;background:transparent">${sized}</body>`)
      return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } })
    }
    await writeFile(join(here, 'icon.png'), await png(MASTER_ICON_SIZE))
    await mkdir(join(here, 'icons'), { recursive: true })
    for (const size of LINUX_ICON_SIZES) {
      await writeFile(join(here, 'icons', `${size}x${size}.png`), await png(size))
    }
  } finally {
    await browser.close()
  }
  console.log(`icon.png and ${LINUX_ICON_SIZES.length} Linux sizes written to ${here}`)
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await render()
