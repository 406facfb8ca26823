import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { z } from 'zod'
import { silentLogger, type Logger } from '../../platform/log/log'
import { readJsonFile, setAside, writeJsonAtomic } from '../../platform/files/json-file'

/** Update addresses the user accepted in main's dialog, remembered across runs. */
export interface FeedMemory {
  has(href: string): Promise<boolean>
  remember(href: string): Promise<void>
}

const MAX_FEEDS = 20
const FileSchema = z.object({ version: z.literal(1), feeds: z.array(z.string().url().max(2048)).max(MAX_FEEDS) })

/**
 * The accepted addresses in a file of main's own (`update-feeds.json` in the user data
 * folder), apart from the settings the renderer can write: a renderer that sets an address
 * still cannot make it accepted. A file that cannot be read is set aside, and the user is
 * simply asked again.
 */
export class AcceptedFeeds implements FeedMemory {
  readonly #file: string
  readonly #log: Logger
  #feeds: Promise<string[]> | null = null

  constructor(file: string, log: Logger = silentLogger) {
    this.#file = file
    this.#log = log
  }

  async has(href: string): Promise<boolean> {
    return (await this.#load()).includes(href)
  }

  async remember(href: string): Promise<void> {
    const feeds = (await this.#load()).filter((feed) => feed !== href)
    // The newest first; the oldest drop off past the cap.
    const next = [href, ...feeds].slice(0, MAX_FEEDS)
    await mkdir(dirname(this.#file), { recursive: true, mode: 0o700 })
    await writeJsonAtomic(this.#file, { version: 1, feeds: next }, FileSchema)
    this.#feeds = Promise.resolve(next)
  }

  #load(): Promise<string[]> {
    this.#feeds ??= (async () => {
      const read = await readJsonFile(this.#file, FileSchema)
      if (read.status === 'corrupt') {
        const kept = await setAside(this.#file).catch(() => null)
        this.#log.warn('accepted update addresses set aside', { reason: read.reason, kept })
      }
      return read.status === 'ok' ? read.value.feeds : []
    })()
    return this.#feeds
  }
}
