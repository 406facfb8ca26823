import { type AppErrorData, codeText, type Result } from '@shared/errors'
import {
  defaultPlannedAt,
  duplicateDueAt,
  instantToWallTime,
  isPlannable,
  wallTimeToInstant,
  type ZonedInstant,
} from '@shared/story/schedule'
import type { OutboxItemView } from '@shared/story/records'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { bridge } from '../bridge'
import { userTimeZone } from '../format/time'
import { useOutboxStore, type ActingOn } from './outbox'

/**
 * A planned story as its edits name it: the account whose outbox holds it, its id there and,
 * when known, the revision the user saw (main refuses an edit of a story that moved on since).
 */
type PlannedRef = Pick<OutboxItemView, 'accountId' | 'id'> & Partial<Pick<OutboxItemView, 'rev'>>

/** Planned stories: "Publish at…" in the composer, and the planned stories' edits. */
export const useScheduleStore = defineStore('schedule', () => {
  const outbox = useOutboxStore()
  /** "Publish at…" is ticked. */
  const enabled = ref(false)
  /** The picked time on the user's clock, `YYYY-MM-DDTHH:mm[:ss]`. */
  const publishAt = ref('')
  /** The zone the user's clock shows: the picker's times are read in it, and planned stories' days counted. */
  const zone = ref(userTimeZone())
  /** Ticks while the picker is open, so "has passed" follows the clock. */
  const now = ref(Date.now())
  const error = shallowRef<AppErrorData | null>(null)
  const acting = shallowRef<ActingOn | null>(null)

  const instant = computed<ZonedInstant | null>(() => (publishAt.value ? wallTimeToInstant(publishAt.value, zone.value) : null))
  /** What stops the picked time: none, not a time, or a time past (main's rule, shared). */
  const problem = computed<'invalid' | 'past' | null>(() => {
    if (!enabled.value) return null
    if (!instant.value) return 'invalid'
    return isPlannable(instant.value.at, now.value) ? null : 'past'
  })

  /** Stories planned (or missed) of the accounts the outbox shows, soonest first. */
  const planned = computed<OutboxItemView[]>(() =>
    outbox.shownItems
      .filter((item) => item.dueAt !== null && (item.state === 'scheduled' || item.state === 'missed'))
      .sort((a, b) => a.dueAt!.localeCompare(b.dueAt!)),
  )

  /** Turns "Publish at…" on, offering the default planned time. */
  function enable(on: boolean): void {
    enabled.value = on
    now.value = Date.now()
    if (on && !publishAt.value) publishAt.value = instantToWallTime(defaultPlannedAt(now.value), zone.value).slice(0, 16)
  }

  /**
   * When to publish, as the contract says it: undefined to publish now, `{at}` the picked instant,
   * null when the picked time cannot be used (the control says why).
   */
  function whenForPublish(): { at: string } | undefined | null {
    if (!enabled.value) return undefined
    now.value = Date.now()
    if (problem.value !== null || !instant.value) return null
    return { at: new Date(instant.value.at).toISOString() }
  }

  function clear(): void {
    enabled.value = false
    publishAt.value = ''
  }

  function isActing(accountId: string, id: string): boolean {
    return acting.value !== null && acting.value.accountId === accountId && acting.value.id === id
  }

  async function run(item: PlannedRef, call: () => Promise<Result<OutboxItemView>>): Promise<boolean> {
    acting.value = { accountId: item.accountId, id: item.id }
    error.value = null
    try {
      const result = await call()
      if (!result.ok) error.value = result.error
      return result.ok
    } finally {
      acting.value = null
    }
  }

  /** A new caption and/or time for a planned story; `wall` is read on the user's clock. */
  function edit(item: PlannedRef, change: { caption?: string; wall?: string }): Promise<boolean> {
    const at = change.wall ? wallTimeToInstant(change.wall, zone.value) : null
    if (change.wall && !at) {
      error.value = { code: 'invalid-argument', text: codeText('invalid-argument'), details: { invalidTime: true } }
      return Promise.resolve(false)
    }
    return run(item, () =>
      bridge.call('stories:schedule-edit', {
        accountId: item.accountId,
        id: item.id,
        ...(change.caption !== undefined && { caption: change.caption }),
        ...(at && { dueAt: new Date(at.at).toISOString() }),
        ...(item.rev !== undefined && { rev: item.rev }),
      }),
    )
  }

  /** A copy planned the next day on the user's clock, at the original's time (or a day from now, when that has passed). */
  function duplicate(item: OutboxItemView): Promise<boolean> {
    const dueAt = duplicateDueAt(item.dueAt === null ? null : Date.parse(item.dueAt), Date.now(), zone.value)
    return run(item, () =>
      bridge.call('stories:schedule-duplicate', {
        accountId: item.accountId,
        id: item.id,
        requestId: crypto.randomUUID(),
        dueAt: new Date(dueAt).toISOString(),
      }),
    )
  }

  return {
    enabled,
    publishAt,
    zone,
    now,
    error,
    acting,
    instant,
    problem,
    planned,
    isActing,
    enable,
    whenForPublish,
    clear,
    edit,
    duplicate,
  }
})
