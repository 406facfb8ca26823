import { type GeneratorConfig } from '../data/generator'
import { GroupList } from '../data/group-list'
import { createPeople } from '../data/people'
import { FaultSet } from '../faults/faults'
import { EmulatorClock } from './clock'
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
  /** One more viewer of each story every this many milliseconds; null: viewers come with the daily rhythm (viewers.ts). */
  viewerEveryMs: number | null
  /** The clock everything reads (`options.now` is this clock's time), moved forward by the control route. */
  clock: EmulatorClock
  /** Counts stories, so story ids are deterministic too. */
  storySeq: number
}

export function createContext(resolved: ResolvedOptions): EmulatorContext {
  const clock = new EmulatorClock(resolved.now)
  const options: ResolvedOptions = { ...resolved, now: clock.now }
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
    clock,
    storySeq: 0,
  }
  context.faults.add([...options.faults])
  return context
}
