import type { EmulatorContext } from './context'
import type { GroupMutation } from '../data/group-list'
import { groupId } from '../data/ids'
import type { FaultInput, FaultState } from '../faults/faults'
import { essence, MEDIA_ID_PATTERN } from '../protocol/media'
import type { RequestRecord } from './request-log'
import type { PublishedStory } from './story-log'

export interface GroupChange {
  /** Ids of the groups created. */
  added: string[]
  /** Ids of the groups deleted. */
  removed: string[]
  total: number
}

/** Changes a running emulator from code; the /__emulator endpoints do the same over HTTP. */
export interface EmulatorControl {
  readonly faults: {
    /** Throws FaultError naming the field when a fault is invalid. */
    add(fault: FaultInput | readonly FaultInput[]): FaultState[]
    list(): FaultState[]
    remove(id: string): boolean
    clear(): void
  }
  readonly groups: {
    total(): number
    /** Adds and removes groups now; to do it mid-sync, add a `mutate` fault instead. */
    mutate(mutation: GroupMutation): GroupChange
    /** Back to the seeded groups only. */
    reset(): void
  }
  readonly stories: {
    list(): PublishedStory[]
    clear(): void
  }
  readonly requests: {
    list(): RequestRecord[]
    clear(): void
  }
  readonly media: {
    /** Makes a media id known, so stories can be published with it. */
    add(id: string, mimeType: string): void
    list(): { id: string; mimeType: string }[]
  }
  /**
   * The emulator's clock (story times, viewers, the 24 hours a story lives). It only moves
   * forward, and `reset` leaves it where it is: a client never sees time go back.
   */
  readonly clock: {
    now(): number
    /** Moves it forward by `ms` (at most 400 days at once); answers the new time. */
    advance(ms: number): number
    /** How far it was moved, in total. */
    offsetMs(): number
  }
  /** Clears faults, stories, the request log and group changes. */
  reset(): void
}

export function mutateGroups(context: EmulatorContext, mutation: GroupMutation): GroupChange {
  const change = context.groups.apply(mutation)
  const id = (index: number): string => groupId(context.options.seed, index)
  return { added: change.added.map(id), removed: change.removed.map(id), total: change.total }
}

export function createControl(context: EmulatorContext): EmulatorControl {
  const control: EmulatorControl = {
    faults: {
      add: (fault) => context.faults.add(fault),
      list: () => context.faults.list(),
      remove: (id) => context.faults.remove(id),
      clear: () => context.faults.clear(),
    },
    groups: {
      total: () => context.groups.total,
      mutate: (mutation) => mutateGroups(context, mutation),
      reset: () => context.groups.reset(),
    },
    stories: { list: () => context.stories.list(), clear: () => context.stories.clear() },
    requests: { list: () => context.requests.list(), clear: () => context.requests.clear() },
    media: {
      add(id, mimeType) {
        if (!MEDIA_ID_PATTERN.test(id)) throw new RangeError('media id must look like <ext>-<hex>')
        if (essence(mimeType) === undefined) throw new RangeError('mimeType must be a mime type')
        context.media.set(id, mimeType)
      },
      list: () => [...context.media].map(([id, mimeType]) => ({ id, mimeType })),
    },
    clock: {
      now: () => context.clock.now(),
      advance: (ms) => context.clock.advance(ms),
      offsetMs: () => context.clock.offsetMs,
    },
    reset() {
      context.faults.clear()
      context.stories.clear()
      context.uploads.length = 0
      context.requests.clear()
      context.groups.reset()
    },
  }
  return control
}
