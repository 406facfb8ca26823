import type { QueueOccurrence, QueueSettings, QueueSlot } from '@shared/channels/queue'
import type { AppErrorData } from '@shared/errors'
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { bridge } from '../bridge'
import { userTimeZone } from '../format/time'

/** How far ahead "Move to…" lists an account's slots: four weeks, within the calendar's 35 days. */
export const MOVE_REACH_MS = 28 * 86_400_000

/** The weekdays a preset ticks: Monday 0 … Sunday 6. */
export const PRESETS = { weekdays: [0, 1, 2, 3, 4], everyDay: [0, 1, 2, 3, 4, 5, 6] } as const
export type Preset = keyof typeof PRESETS

/** The times of a queue's slots, each once, earliest first. */
export function timesOf(slots: readonly QueueSlot[]): string[] {
  return [...new Set(slots.map((slot) => slot.time))].sort()
}

/** The slots with `time` on exactly these weekdays, the other times untouched. */
export function withDays(slots: readonly QueueSlot[], time: string, weekdays: readonly number[]): QueueSlot[] {
  return [...slots.filter((slot) => slot.time !== time), ...weekdays.map((weekday) => ({ weekday, time }))]
}

/** The slots with one weekday of one time ticked or not. */
export function withSlot(slots: readonly QueueSlot[], weekday: number, time: string, on: boolean): QueueSlot[] {
  const rest = slots.filter((slot) => !(slot.weekday === weekday && slot.time === time))
  return on ? [...rest, { weekday, time }] : rest
}

/** The calendar's stretch: whose slots (every account's, or one), from and to. */
interface Stretch {
  accountId: string | null
  from: number
  to: number
}

/**
 * The posting queue: each account's weekly slots (Settings), the next free slot of each ticked
 * account ("Add to queue"), the slots of the week the calendar shows, free and taken, and moving
 * a queued story to another slot. Main keeps the slots and decides; this shows and asks.
 */
export const useQueueStore = defineStore('queue', () => {
  const settings = shallowRef<ReadonlyMap<string, QueueSettings>>(new Map())
  /** Why the last read or save of the slots did not happen. */
  const error = shallowRef<AppErrorData | null>(null)
  const saving = ref(false)
  /** The slots of the calendar's stretch. */
  const occurrences = shallowRef<readonly QueueOccurrence[]>([])
  /** Each ticked account's next free slot, asked before "Add to queue" plans; null until asked. */
  const nextFree = shallowRef<ReadonlyArray<{ accountId: string; at: string | null }> | null>(null)
  const nextFreeError = shallowRef<AppErrorData | null>(null)
  /** Why the last move did not happen. */
  const moveError = shallowRef<AppErrorData | null>(null)
  /** The story being moved, while main moves it. */
  const moving = ref<string | null>(null)
  let shown: Stretch | null = null
  let unsubscribers: Array<() => void> = []

  function listen(): void {
    if (unsubscribers.length > 0) return
    unsubscribers = [
      bridge.on('queue:changed', ({ accountId }) => {
        void refreshWindow()
        if (settings.value.has(accountId)) void load(accountId)
      }),
      // A story planned, sent or discarded takes or frees a slot.
      bridge.on('stories:outbox-changed', () => void refreshWindow()),
    ]
  }

  function put(accountId: string, value: QueueSettings): void {
    const next = new Map(settings.value)
    next.set(accountId, value)
    settings.value = next
  }

  /** The account's slots and zone; a queue never saved is read in this computer's zone. */
  async function load(accountId: string): Promise<QueueSettings | null> {
    listen()
    const result = await bridge.call('queue:get', { accountId })
    if (!result.ok) {
      error.value = result.error
      return null
    }
    error.value = null
    // Without slots there is nothing the zone was chosen for yet: the page's clock is the user's.
    const value = result.value.slots.length === 0 ? { ...result.value, timeZone: userTimeZone() } : result.value
    put(accountId, value)
    return value
  }

  /** Saves the account's slots and zone; false with `error` set when main refused them. */
  async function save(accountId: string, value: QueueSettings): Promise<boolean> {
    saving.value = true
    error.value = null
    try {
      // A plain copy: a reactive proxy cannot cross IPC.
      const plain: QueueSettings = {
        timeZone: value.timeZone,
        slots: value.slots.map((slot) => ({ weekday: slot.weekday, time: slot.time })),
      }
      const result = await bridge.call('queue:set', { accountId, settings: plain })
      if (!result.ok) {
        error.value = result.error
        return false
      }
      put(accountId, result.value)
      return true
    } finally {
      saving.value = false
    }
  }

  async function refreshWindow(): Promise<void> {
    const asked = shown
    if (!asked) return
    const result = await bridge.call('queue:occurrences', {
      accountId: asked.accountId,
      from: new Date(asked.from).toISOString(),
      to: new Date(asked.to).toISOString(),
    })
    // An answer for a stretch the calendar already left is dropped.
    if (result.ok && shown === asked) occurrences.value = result.value
  }

  /** The calendar shows this stretch: its slots are read now and again whenever a slot may have changed. */
  function showWindow(accountId: string | null, from: number, to: number): Promise<void> {
    listen()
    shown = { accountId, from, to }
    return refreshWindow()
  }

  /** The calendar is gone: its slots are no longer followed. */
  function hideWindow(): void {
    shown = null
    occurrences.value = []
  }

  /** Each account's next free slot, for "Add to queue" to show before it plans. */
  async function loadNextFree(accountIds: readonly string[]): Promise<boolean> {
    nextFree.value = null
    nextFreeError.value = null
    if (accountIds.length === 0) return false
    const result = await bridge.call('queue:next-free', { accountIds: [...accountIds] })
    if (!result.ok) {
      nextFreeError.value = result.error
      return false
    }
    nextFree.value = result.value
    return true
  }

  /** The account's slots of the coming four weeks, free and taken, for "Move to…". */
  async function moveTargets(accountId: string, now = Date.now()): Promise<QueueOccurrence[] | null> {
    const result = await bridge.call('queue:occurrences', {
      accountId,
      from: new Date(now).toISOString(),
      to: new Date(now + MOVE_REACH_MS).toISOString(),
    })
    if (!result.ok) {
      moveError.value = result.error
      return null
    }
    return result.value
  }

  /** Moves a queued story (at the revision the user saw, `rev`) to the slot at `to`; a story there takes its place. */
  async function move(accountId: string, itemId: string, to: string, rev?: number): Promise<boolean> {
    moving.value = itemId
    moveError.value = null
    try {
      const result = await bridge.call('queue:move', { accountId, itemId, to, ...(rev !== undefined && { rev }) })
      if (!result.ok) {
        moveError.value = result.error
        return false
      }
      await refreshWindow()
      return true
    } finally {
      moving.value = null
    }
  }

  function dispose(): void {
    for (const off of unsubscribers) off()
    unsubscribers = []
    shown = null
  }

  return {
    settings,
    error,
    saving,
    occurrences,
    nextFree,
    nextFreeError,
    moveError,
    moving,
    load,
    save,
    showWindow,
    hideWindow,
    refreshWindow,
    loadNextFree,
    moveTargets,
    move,
    dispose,
  }
})
