import type { Message, ParsedContactsPage, ParsedGroupsPage, ParsedStoriesPage } from '@shared/domain'
import { ClientCore, type ApiClientOptions, type PublishOptions, type RequestOptions } from './client-core'
import { listContacts } from './contacts'
import { groupsPage, listGroups } from './groups'
import { uploadMedia, type UploadMediaResult, type UploadSource } from './media-upload'
import { copyStory, publishStory, type CopyStoryResult, type PublishStoryResult } from './stories'
import type { PublishStoryInput } from './story-body'
import { getStory, listStories, storyStatuses, type StoriesQuery, type ViewStatuses } from './story-feed'

/**
 * The provider's HTTP API: `GET /groups` and `POST /stories`, with media uploads, the
 * account's stories, their views and its contacts. Plain Node: the fetch, the clock and the
 * logger are handed in. The token stays inside a private field and is never written into an
 * error, a log line or anything an error points to.
 *
 * Each operation is a plain method (not a field), so what the client offers can be listed
 * from its prototype and a stand-in (the client of an account whose token is missing) can
 * be held to the same list.
 */
export class ApiClient {
  readonly #core: ClientCore

  constructor(options: ApiClientOptions) {
    this.#core = new ClientCore(options)
  }

  /**
   * One page of the account's groups. Groups that do not match the schema are set aside in
   * `rejected` (with the path of the problem) rather than failing the page.
   */
  listGroups(params: { count: number; offset: number }, options: RequestOptions = {}): Promise<ParsedGroupsPage> {
    return listGroups(this.#core, params, options)
  }

  /**
   * One page of the account's groups as the server's bytes, unparsed: the sync reads them
   * off the main thread and saves them as they are (see sync/parsed-pages.ts).
   */
  async listGroupsBody(params: { count: number; offset: number }, options: RequestOptions = {}): Promise<Uint8Array> {
    return (await groupsPage(this.#core, params, options)).body
  }

  /**
   * Publishes a story. A local file is streamed as a base64 data URI, with progress; a lost
   * answer is an `unknown` outcome and the story is not posted twice.
   */
  publishStory(input: PublishStoryInput, options: PublishOptions = {}): Promise<PublishStoryResult> {
    return publishStory(this.#core, input, options)
  }

  /**
   * Uploads media with `POST /media`, the file itself as the body; it publishes nothing. A
   * type `/media` does not declare is not sent (`undeclared-type`): it goes in the story.
   */
  uploadMedia(source: UploadSource, options: PublishOptions = {}): Promise<UploadMediaResult> {
    return uploadMedia(this.#core, source, options)
  }

  /** One page of the account's stories (`GET /stories`), newest first. */
  listStories(query: StoriesQuery, options: RequestOptions = {}): Promise<ParsedStoriesPage> {
    return listStories(this.#core, query, options)
  }

  /** One page of the account's contacts (`GET /contacts`); 404 or 405 means the server has none to give. */
  listContacts(query: { count: number; offset: number }, options: RequestOptions = {}): Promise<ParsedContactsPage> {
    return listContacts(this.#core, query, options)
  }

  /** One story (`GET /stories/{MessageID}`). */
  getStory(id: string, options: RequestOptions = {}): Promise<Message> {
    return getStory(this.#core, id, options)
  }

  /** Who viewed a story (`GET /statuses/{MessageID}`); 403 means the story is not the account's own. */
  storyStatuses(id: string, options: RequestOptions = {}): Promise<ViewStatuses> {
    return storyStatuses(this.#core, id, options)
  }

  /** Publishes a story again (`PUT /stories/{MessageID}`); never sent twice, like a story POST. */
  copyStory(
    id: string,
    audience: { contacts?: string[]; exclude_contacts?: string[] },
    options: RequestOptions = {},
  ): Promise<CopyStoryResult> {
    return copyStory(this.#core, id, audience, options)
  }
}
