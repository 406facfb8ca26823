import { open, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const FILE = 'open-statusdesk.html'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * A page that sends the browser on to `url` (the address with the secret), readable by the
 * owner only. The browser is started on this file rather than on the address, because a
 * command line is visible to every user of the machine (`ps`) and a file readable only by its
 * owner is not. Notebook servers do the same.
 */
export async function writeLaunchFile(dataDir: string, url: string): Promise<{ path: string; fileUrl: string }> {
  const path = join(dataDir, FILE)
  // A fresh file each start: 'wx' never follows a link planted in its place, and the mode is set at creation.
  await rm(path, { force: true })
  const handle = await open(path, 'wx', 0o600)
  const href = escapeHtml(url)
  try {
    await handle.writeFile(
      [
        '<!doctype html>',
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="referrer" content="no-referrer">',
        `<meta http-equiv="refresh" content="0;url=${href}">`,
        '<title>Opening Statusdesk</title></head>',
        `<body><p>Opening Statusdesk… If nothing happens, <a href="${href}">continue here</a>.</p></body></html>`,
        '',
      ].join('\n'),
    )
  } finally {
    await handle.close()
  }
  return { path, fileUrl: pathToFileURL(path).href }
}

/** The file holds this launch's secret: it goes when web mode stops. */
export async function removeLaunchFile(path: string): Promise<void> {
  await rm(path, { force: true })
}
