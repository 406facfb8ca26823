import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import type { Logger } from '../../../platform/log/log'
import { WorkerStopped } from '../../../platform/worker/worker-client'
import type { PageSource } from './paging'
import type { PageParser } from './page-parser'
import type { ParsedPage } from './parse-page'

/** What the sync needs of the API client to save pages as they came: their bytes. */
export interface GroupsBodySource {
  listGroupsBody(params: { count: number; offset: number }, options?: { signal?: AbortSignal }): Promise<Uint8Array>
}

/** A page as the sync reads it: the lean rows, and the bytes to save them from. */
export interface ArrivedPage extends ParsedPage {
  body: Buffer
  /** The body's CRC-32, when the reader worked it out already. */
  bodyCrc?: number
}

/**
 * Pages of groups read off the main thread: the client fetches each body, the worker
 * parses it and checks what the rows need, and the bytes come back to be saved as they are.
 */
export class ParsedPages implements PageSource<ArrivedPage> {
  readonly #source: GroupsBodySource
  readonly #parser: PageParser
  readonly #log: Logger

  readonly #columns: boolean

  /**
   * `columns`: the new rows come as one RowChunk per page (see page-worker.ts), for a sync
   * whose rows are nearly all new (a first one); a re-sync, whose rows are nearly all copied
   * from the columns in use, takes its few new rows as objects.
   */
  constructor(source: GroupsBodySource, parser: PageParser, log: Logger, options: { columns?: boolean } = {}) {
    this.#source = source
    this.#parser = parser
    this.#log = log
    this.#columns = options.columns === true
  }

  async listGroups(params: { count: number; offset: number }, options: { signal?: AbortSignal } = {}): Promise<ArrivedPage> {
    const received = await this.#source.listGroupsBody(params, options)
    let read
    try {
      read = await this.#parser.parse(received, { columns: this.#columns })
    } catch (error) {
      if (!(error instanceof WorkerStopped)) throw error
      // Worth asking again like any unreadable page: the next one gets a fresh worker.
      throw new AppError(
        'invalid-response',
        userText('groupErrors.sync.pageReaderStopped'),
        { reason: 'page-reader', offset: params.offset },
        { cause: error },
      )
    }
    const { outcome, body, crc } = read
    if (!outcome.ok) {
      const { path, reason, detail } = outcome.problem
      if (detail !== undefined) this.#log.warn('groups page parser failed', { offset: params.offset, detail })
      throw new AppError('invalid-response', userText('groupErrors.sync.unreadablePage', { first: params.offset + 1 }), {
        reason,
        offset: params.offset,
        ...(path && { path }),
      })
    }
    const { page } = outcome
    if (page.rejected.length > 0) {
      this.#log.warn('groups set aside', {
        offset: params.offset,
        count: page.rejected.length,
        problems: page.rejected.map(({ index, path, message }) => ({ index, path, message })),
      })
    }
    return { ...page, body, bodyCrc: crc }
  }
}
