import { type GeneratorConfig } from '../data/generator'
import { GroupList } from '../data/group-list'
import { createPeople } from '../data/people'
import { FaultSet } from '../faults/faults'
import type { ResolvedOptions } from './options'
import { RequestLog } from './request-log'
import { StoryLog } from './story-log'

/** What POST /media received: the bytes are hashed as they arrive, never kept. */
export interface UploadedMedia {
  id: string
  mimeType: string
  bytes: number
  sha256: string
  receivedAt: number
}

/** Everything a running emulator holds. */
export interface EmulatorContext {
  options: ResolvedOptions
  /** Set once the server listens. */
  baseUrl: string
  generator: GeneratorConfig
  groups: GroupList
  faults: FaultSet
  stories: StoryLog
  requests: RequestLog
  media: Map<string, string>
  /** What POST /media received, oldest first, capped like the story log. */
  uploads: UploadedMedia[]
  /** One more viewer of each story every this many milliseconds. */
  viewerEveryMs: number
  /** Counts stories, so story ids are deterministic too. */
  storySeq: number
}

export function createContext(options: ResolvedOptions): EmulatorContext {
  const context: EmulatorContext = {
    options,
    baseUrl: '',
    generator: {
      seed: options.seed,
      epoch: options.epoch,
      people: createPeople(options.seed),
      me: options.account,
      pictureBase: () => `${context.baseUrl}/__emulator/pictures`,
    },
    groups: new GroupList(options.groups, options.seed, options.epoch),
    faults: new FaultSet(options.seed),
    stories: new StoryLog(options.maxStoredStories),
    requests: new RequestLog(),
    media: new Map(options.media),
    uploads: [],
    viewerEveryMs: options.viewerEveryMs,
    storySeq: 0,
  }
  context.faults.add([...options.faults])
  return context
}
