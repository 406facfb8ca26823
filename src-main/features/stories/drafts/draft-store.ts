import type { StoryDraft } from '@shared/story/draft'
import type { JsonStore } from '../../../account/files/json-store'

/** Clients whose working copy one account keeps; the one written longest ago goes first. */
const MAX_CLIENTS = 16

/**
 * The composer's working copies for one account. Each client (a window, a page) writing a
 * story has its own, kept by main under the client's name, so two windows on one account never
 * read each other's; the copy written last is also on disk (`drafts/composer.json`, declared in
 * account-files.ts), so a story in progress survives closing the app and a new client starts
 * from it. The file's store writes one change at a time, in order, and sets a damaged file
 * aside rather than half-use it.
 */
export class DraftStore {
  readonly #file: JsonStore<StoryDraft>
  readonly #byClient = new Map<string, StoryDraft | null>()
  /** Who wrote the copy on disk in this run; undefined while it is the one the app started with. */
  #lastWriter: string | undefined

  constructor(file: JsonStore<StoryDraft>) {
    this.#file = file
  }

  /** The client's working copy; a client that has none yet starts from the copy written last. */
  async load(client?: string): Promise<StoryDraft | null> {
    if (client !== undefined && this.#byClient.has(client)) return this.#byClient.get(client) ?? null
    return this.#file.read()
  }

  async save(draft: StoryDraft, client?: string): Promise<void> {
    if (client !== undefined) this.#remember(client, draft)
    this.#lastWriter = client
    await this.#file.write(draft)
  }

  /**
   * The client's story is gone (published, or cleared): it starts afresh, and so does the copy on
   * disk when it is this client's (or the one the app started with). Another client's story in
   * progress, written last, stays on disk.
   */
  async clear(client?: string): Promise<void> {
    if (client !== undefined) this.#remember(client, null)
    if (client !== undefined && this.#lastWriter !== undefined && this.#lastWriter !== client) return
    this.#lastWriter = undefined
    await this.#file.remove()
  }

  /** The media grants the clients' working copies name: their files are kept. */
  grantIds(): string[] {
    return [...this.#byClient.values()].flatMap((draft) => (draft?.media.grantId ? [draft.media.grantId] : []))
  }

  #remember(client: string, draft: StoryDraft | null): void {
    this.#byClient.delete(client)
    this.#byClient.set(client, draft)
    while (this.#byClient.size > MAX_CLIENTS) this.#byClient.delete(this.#byClient.keys().next().value!)
  }
}
