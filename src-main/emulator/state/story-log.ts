import type { StoryMediaKind } from '../protocol/media'
import type { Message } from '../data/types'

export interface PublishedStory {
  id: string
  /** Milliseconds since the epoch, from the emulator's clock. */
  receivedAt: number
  kind: 'text' | StoryMediaKind
  mimeType?: string
  media?: {
    form: 'url' | 'data-uri' | 'media-id'
    url?: string
    id?: string
    /** Decoded size of a data URI. */
    bytes?: number
    sha256?: string
  }
  caption?: string
  /** Text stories: the colours and font after the spec's defaults are applied. */
  backgroundColor?: string
  captionColor?: string
  fontType?: string
  contacts?: string[]
  excludeContacts?: string[]
  /** The body as sent, with a data URI's payload replaced by a summary. */
  request: Record<string, unknown>
  message: Message
}

/** Published stories, newest last, capped so a long demo session cannot grow without end. */
export class StoryLog {
  private stories: PublishedStory[] = []

  constructor(private readonly cap: number) {}

  add(story: PublishedStory): void {
    this.stories.push(story)
    if (this.stories.length > this.cap) this.stories.splice(0, this.stories.length - this.cap)
  }

  list(): PublishedStory[] {
    return this.stories.slice()
  }

  clear(): void {
    this.stories = []
  }
}
