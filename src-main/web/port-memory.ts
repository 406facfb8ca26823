import { open, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { userText } from '@shared/i18n/user-text'
import { WebUsageError } from './options'

const FILE = 'web-port.json'
/** Anything larger is not a file this code wrote. */
const MAX_FILE_BYTES = 256

/** The port the last start used, so a bookmarked address still works; null if none or unreadable. */
export async function readRememberedPort(dataDir: string): Promise<number | null> {
  let text: string
  try {
    const handle = await open(join(dataDir, FILE), 'r')
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(MAX_FILE_BYTES + 1), 0, MAX_FILE_BYTES + 1, 0)
      if (bytesRead > MAX_FILE_BYTES) return null
      text = buffer.subarray(0, bytesRead).toString('utf8')
    } finally {
      await handle.close()
    }
  } catch {
    return null
  }
  try {
    const port = (JSON.parse(text) as { port?: unknown }).port
    return typeof port === 'number' && Number.isInteger(port) && port >= 1 && port <= 65535 ? port : null
  } catch {
    return null
  }
}

export async function rememberPort(dataDir: string, port: number): Promise<void> {
  const temp = join(dataDir, `${FILE}.${process.pid}.tmp`)
  await rm(temp, { force: true })
  const handle = await open(temp, 'wx', 0o600)
  try {
    await handle.writeFile(JSON.stringify({ port }) + '\n')
    await handle.sync()
  } finally {
    await handle.close()
  }
  await rename(temp, join(dataDir, FILE))
}

function code(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : undefined
}

/**
 * Listens on the port asked for (refusing plainly if it is taken), else on the remembered
 * one when it is free, else on any free port.
 */
export async function listenOnChosenPort<T>(
  start: (port: number) => Promise<T>,
  choice: { asked: number | null; remembered: number | null },
): Promise<T> {
  if (choice.asked !== null) {
    try {
      return await start(choice.asked)
    } catch (error) {
      if (code(error) === 'EADDRINUSE') {
        throw new WebUsageError(userText('desktop.web.usage.portInUse', { port: choice.asked, option: '--port N' }))
      }
      if (code(error) === 'EACCES') {
        throw new WebUsageError(userText('desktop.web.usage.portNeedsRights', { port: choice.asked, option: '--port N' }))
      }
      throw error
    }
  }
  if (choice.remembered !== null) {
    try {
      return await start(choice.remembered)
    } catch (error) {
      if (code(error) !== 'EADDRINUSE' && code(error) !== 'EACCES') throw error
    }
  }
  return start(0)
}
