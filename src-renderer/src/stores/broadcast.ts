import { targetRequestId, type BroadcastOutcome, type BroadcastResult, type BroadcastTarget } from '@shared/channels/broadcast'
import type { UploadProgressEvent } from '@shared/channels/stories'
import type { AppErrorData } from '@shared/errors'
import { StoryDraftSchema } from '@shared/story/draft'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { bridge } from '../bridge'
import { useAccountsStore } from './accounts'
import { useScheduleStore } from './schedule'
import { useStoriesStore } from './stories'

/** One account's part of a publish to several, as the summary shows it. */
export type TargetState = BroadcastOutcome['state'] | 'sending' | 'removed' | 'missed'

/** One account's part while the press is on its way: its own progress. */
export interface PendingTarget {
  accountId: string
  label: string
  requestId: string
  sentBytes: number
  totalBytes: number
  step: UploadProgressEvent['step'] | null
}

export interface TargetView extends BroadcastTarget {
  state: TargetState
  error: AppErrorData | null
}

/**
 * "Publish to": the accounts one press publishes to, and what became of the story on each.
 * With only the active account chosen the composer publishes as it always has; otherwise each
 * chosen account gets its own outbox item, followed here until it leaves its outbox.
 */
export const useBroadcastStore = defineStore('broadcast', () => {
  const accounts = useAccountsStore()
  const stories = useStoriesStore()
  /** The accounts ticked, or null until the user changes them: then it is the active account alone. */
  const chosen = ref<string[] | null>(null)
  const targets = shallowRef<TargetView[]>([])
  const running = ref(false)
  const pending = shallowRef<PendingTarget[]>([])
  const progress = new Map<string, UploadProgressEvent>()
  /** Accounts whose history grew since the publish: an item that left their outbox was published. */
  const recorded = new Set<string>()
  let unsubscribers: Array<() => void> = []

  const selected = computed<string[]>(() => {
    const known = new Set(accounts.accounts.map((account) => account.id))
    if (chosen.value === null) return accounts.active ? [accounts.active.id] : []
    return chosen.value.filter((id) => known.has(id))
  })
  /** More than the active account, or another one: the story goes through "publish to several". */
  const isBroadcast = computed(() => selected.value.length !== 1 || selected.value[0] !== accounts.active?.id)
  const counts = computed(() => {
    const count = { sent: 0, queued: 0, unknown: 0, refused: 0, sending: 0, removed: 0, scheduled: 0, missed: 0 }
    for (const target of targets.value) count[target.state]++
    return count
  })

  function toggle(id: string, on: boolean): void {
    const current = new Set(selected.value)
    if (on) current.add(id)
    else current.delete(id)
    // Kept in the accounts' own order, so the summary lists them as the picker does.
    chosen.value = accounts.accounts.map((account) => account.id).filter((accountId) => current.has(accountId))
  }

  function listen(): void {
    if (unsubscribers.length > 0) return
    unsubscribers = [
      bridge.on('stories:progress', onProgress),
      bridge.on('stories:history-changed', ({ accountId }) => recorded.add(accountId)),
      bridge.on('stories:outbox-changed', ({ accountId, items }) => follow(accountId, items)),
    ]
  }

  function onProgress(event: UploadProgressEvent): void {
    const publishing = stories.publishing
    if (!running.value || !publishing || !event.requestId.startsWith(`${publishing.requestId}-`)) return
    progress.set(event.requestId, event)
    pending.value = pending.value.map((target) =>
      target.requestId === event.requestId ? { ...target, sentBytes: event.sentBytes, totalBytes: event.totalBytes, step: event.step ?? null } : target,
    )
    let sentBytes = 0
    let totalBytes = 0
    for (const part of progress.values()) {
      sentBytes += part.sentBytes
      totalBytes += part.totalBytes
    }
    stories.publishing = { ...publishing, sentBytes, totalBytes, ...(event.step && { step: event.step }) }
  }

  /** An account's outbox changed: its item may have gone out after waiting, or become unknown. */
  function follow(accountId: string, items: readonly { id: string; state: string; lastError: AppErrorData | null }[]): void {
    let changed = false
    const next = targets.value.map((target) => {
      if (target.accountId !== accountId || target.outcome.state === 'refused' || target.state === 'sent' || target.state === 'removed') return target
      const itemId = target.outcome.itemId
      const item = items.find((candidate) => candidate.id === itemId)
      let state: TargetState
      if (item) state = item.state === 'failed' ? 'unknown' : (item.state as TargetState)
      else state = recorded.has(accountId) ? 'sent' : 'removed'
      if (state === target.state) return target
      changed = true
      return { ...target, state, error: item?.lastError ?? (state === 'sent' ? null : target.error) }
    })
    if (changed) targets.value = next
  }

  /** Publishes the composer's story to every chosen account. False when the checks stop it first. */
  async function publish(): Promise<boolean> {
    stories.attempted = true
    if (!stories.canPublish || selected.value.length === 0) return false
    // "Publish at…" holds for every account: the instant picked, or null when it cannot be used.
    const schedule = useScheduleStore()
    const dueAt = schedule.dueAtForPublish()
    if (dueAt === null) return false
    listen()
    const requestId = crypto.randomUUID()
    stories.publishing = { requestId, sentBytes: 0, totalBytes: 0 }
    stories.dismissResult()
    targets.value = []
    progress.clear()
    recorded.clear()
    running.value = true
    const labels = new Map(accounts.accounts.map((account) => [account.id, account.label]))
    pending.value = selected.value.map((accountId, index) => ({
      accountId,
      label: labels.get(accountId) ?? accountId,
      requestId: targetRequestId(requestId, index),
      sentBytes: 0,
      totalBytes: 0,
      step: null,
    }))
    const outcome = await bridge.call('stories:broadcast', {
      requestId,
      draft: StoryDraftSchema.parse(stories.draft),
      accountIds: [...selected.value],
      ...(dueAt !== undefined && { dueAt }),
    })
    running.value = false
    pending.value = []
    stories.publishing = null
    if (!outcome.ok) {
      stories.publishError = outcome.error
      return false
    }
    show(outcome.value)
    if (outcome.value.targets.some((target) => target.outcome.state === 'scheduled')) schedule.clear()
    // Kept in the composer when an account refused it, so nothing is lost for that account.
    if (outcome.value.targets.every((target) => target.outcome.state !== 'refused')) stories.startAfresh()
    return true
  }

  function show(result: BroadcastResult): void {
    targets.value = result.targets.map((target) => ({
      ...target,
      state: target.outcome.state,
      error: 'error' in target.outcome ? target.outcome.error : null,
    }))
  }

  function dismiss(): void {
    targets.value = []
  }

  function dispose(): void {
    for (const off of unsubscribers) off()
    unsubscribers = []
  }

  return { chosen, selected, isBroadcast, targets, pending, counts, running, toggle, publish, dismiss, dispose }
})
