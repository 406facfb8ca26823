import {
  targetRequestId,
  type KeptOutcome,
  type OutboxItemEnd,
  type PublishResult,
  type PublishTarget,
  type PublishWhen,
  type StoryOutcome,
  type UploadProgressEvent,
} from '@shared/channels/outbox'
import type { AppErrorData } from '@shared/errors'
import { StoryDraftSchema } from '@shared/story/draft'
import type { OutboxItemView } from '@shared/story/records'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { bridge } from '../bridge'
import { useAccountsStore } from './accounts'
import { useScheduleStore } from './schedule'
import { useStoriesStore } from './stories'

/** The press on its way: bytes summed over every account's item. */
export interface Publishing {
  requestId: string
  sentBytes: number
  totalBytes: number
  /** Which request the bytes belong to: the media upload, then the story itself. */
  step?: 'upload' | 'publish'
}

/** One account's part while the press is on its way: its own progress. */
export interface PendingTarget {
  accountId: string
  label: string
  requestId: string
  sentBytes: number
  totalBytes: number
  step: UploadProgressEvent['step'] | null
}

/** One account's part of a press: what the answer said, then what became of its outbox item. */
export type TargetState = StoryOutcome['state'] | 'sending' | 'removed' | 'missed'

export interface TargetView extends PublishTarget {
  state: TargetState
  error: AppErrorData | null
}

export type TargetCounts = Record<TargetState, number>

function viewOf(target: PublishTarget): TargetView {
  return { ...target, state: target.outcome.state, error: 'error' in target.outcome ? target.outcome.error : null }
}

/** What main said last of one account's item: its state in the outbox, or how it left it. */
interface ItemNews {
  state: TargetState
  error: AppErrorData | null
}

/** What an outbox item's state, as main sends it, means for the press that wrote it. */
function newsOfItem(item: Pick<OutboxItemView, 'state' | 'lastError'>): ItemNews {
  // A failed item waits for the user, as an unknown outcome does.
  return { state: item.state === 'failed' ? 'unknown' : item.state, error: item.lastError }
}

/** How an item left its outbox, as main says it. */
function newsOfEnd(end: OutboxItemEnd): ItemNews {
  return { state: end.outcome === 'published' ? 'sent' : 'removed', error: null }
}

const newsKey = (accountId: string, itemId: string) => `${accountId}\n${itemId}`

/**
 * Publishing: the accounts one press goes to (the open account unless the user ticks others),
 * the one call, its progress summed over the accounts, and what became of the story on each,
 * followed until its item leaves that account's outbox. A press to the open account alone is
 * shown by the composer's own outcome; a press to several (or to another account) by a summary.
 */
export const usePublishStore = defineStore('publish', () => {
  const accounts = useAccountsStore()
  const stories = useStoriesStore()
  /** The accounts ticked, or null until the user changes them: then it is the active account alone. */
  const chosen = ref<string[] | null>(null)
  const publishing = shallowRef<Publishing | null>(null)
  const pending = shallowRef<PendingTarget[]>([])
  const targets = shallowRef<TargetView[]>([])
  /** How the last press is shown: by a summary of every account (true) or by the composer's own outcome. */
  const asSummary = ref(false)
  /**
   * Why nothing was published: the story failed main's checks, could not be written, or (a press
   * to the open account alone) its server refused it. The composer still holds the story.
   */
  const error = shallowRef<AppErrorData | null>(null)
  const progress = new Map<string, UploadProgressEvent>()
  /**
   * What main said last of each item since the press, its answer aside: the events may come
   * before the answer (web mode carries them apart), so the answer is brought up to date with
   * them when it comes.
   */
  const news = new Map<string, ItemNews>()
  let unsubscribers: Array<() => void> = []

  const selected = computed<string[]>(() => {
    if (chosen.value === null) return accounts.active ? [accounts.active.id] : []
    const known = new Set(accounts.accounts.map((account) => account.id))
    return chosen.value.filter((id) => known.has(id))
  })
  /** More than the active account, or another one: the outcome is a summary per account. */
  const several = computed(() => selected.value.length !== 1 || selected.value[0] !== accounts.active?.id)
  const canPublish = computed(() => publishing.value === null && stories.checksPass)
  /** The outcome the composer shows for a press to the open account alone (a refusal is `error`). */
  const result = computed<KeptOutcome | null>(() => {
    const [only] = targets.value
    if (asSummary.value || !only || only.outcome.state === 'refused') return null
    return only.outcome
  })
  const counts = computed<TargetCounts>(() => {
    const count: TargetCounts = { sent: 0, queued: 0, unknown: 0, refused: 0, sending: 0, removed: 0, scheduled: 0, missed: 0 }
    for (const target of targets.value) count[target.state]++
    return count
  })

  // Another account's composer starts clean.
  watch(
    () => accounts.active?.id,
    (id, previous) => {
      if (previous !== undefined && id !== previous) forgetComposerOutcome()
    },
  )

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
      bridge.on('stories:outbox-changed', ({ accountId, items, left }) => follow(accountId, items, left)),
    ]
  }

  function onProgress(event: UploadProgressEvent): void {
    const current = publishing.value
    if (!current || !pending.value.some((target) => target.requestId === event.requestId)) return
    progress.set(event.requestId, event)
    pending.value = pending.value.map((target) =>
      target.requestId === event.requestId
        ? { ...target, sentBytes: event.sentBytes, totalBytes: event.totalBytes, step: event.step ?? null }
        : target,
    )
    let sentBytes = 0
    let totalBytes = 0
    for (const part of progress.values()) {
      sentBytes += part.sentBytes
      totalBytes += part.totalBytes
    }
    publishing.value = { ...current, sentBytes, totalBytes, ...(event.step && { step: event.step }) }
  }

  /** An account's outbox changed: main says where each item stands, and how those that left it ended. */
  function follow(
    accountId: string,
    items: readonly Pick<OutboxItemView, 'id' | 'state' | 'lastError'>[],
    left: readonly OutboxItemEnd[] = [],
  ): void {
    // Only while a press is on its way or followed: nothing is kept for a story no one looks at.
    if (publishing.value === null && targets.value.length === 0) return
    for (const item of items) news.set(newsKey(accountId, item.id), newsOfItem(item))
    for (const end of left) news.set(newsKey(accountId, end.id), newsOfEnd(end))
    bringUpToDate()
  }

  /** Each account's line shows what main said last of its item; a line that ended stays as it ended. */
  function bringUpToDate(): void {
    let changed = false
    const next = targets.value.map((target) => {
      if (target.outcome.state === 'refused' || target.state === 'sent' || target.state === 'removed') return target
      const said = news.get(newsKey(target.accountId, target.outcome.itemId))
      if (!said || said.state === target.state) return target
      changed = true
      return { ...target, state: said.state, error: said.error ?? (said.state === 'sent' ? null : target.error) }
    })
    if (changed) targets.value = next
  }

  /**
   * Publishes the composer's story to every chosen account in one call. False when nothing was
   * published: a check stops it (the fields say why), main refused the story, or the open
   * account alone was chosen and its server refused it. With `queue`, each account's story is
   * planned at that account's next free queue slot instead ("Add to queue").
   */
  async function publish(options: { queue?: boolean } = {}): Promise<boolean> {
    stories.attempted = true
    if (!canPublish.value || selected.value.length === 0) return false
    // "Publish at…" holds for every account: the instant picked, or null when it cannot be used.
    const when: PublishWhen | null | undefined = options.queue ? { queue: true } : useScheduleStore().whenForPublish()
    if (when === null) return false
    listen()
    const requestId = crypto.randomUUID()
    const accountIds = [...selected.value]
    const labels = new Map(accounts.accounts.map((account) => [account.id, account.label]))
    asSummary.value = several.value
    publishing.value = { requestId, sentBytes: 0, totalBytes: 0 }
    targets.value = []
    error.value = null
    progress.clear()
    news.clear()
    pending.value = accountIds.map((accountId, index) => ({
      accountId,
      label: labels.get(accountId) ?? accountId,
      requestId: targetRequestId(requestId, index),
      sentBytes: 0,
      totalBytes: 0,
      step: null,
    }))
    // A save on its way would write back the story main is about to take out of the draft.
    stories.cancelDraftSave()
    // Parsing yields a plain copy: a reactive proxy cannot cross IPC.
    const draftOf = stories.accountId
    const answer = await bridge.call('stories:publish', {
      requestId,
      draft: StoryDraftSchema.parse(stories.draft),
      accountIds,
      // The composer's own draft: main starts it afresh once every account holds the story.
      ...(draftOf !== null && { draftOf }),
      ...(when && { when }),
    })
    publishing.value = null
    pending.value = []
    if (!answer.ok) {
      error.value = answer.error
      return false
    }
    return show(answer.value, draftOf)
  }

  /**
   * `draftOf`: the account whose composer the story came from. After a switch during the press
   * the composer holds another account's draft: it is neither started afresh nor told about a
   * story that is not its own (the outbox and a summary still say what became of it).
   */
  function show(answer: PublishResult, draftOf: string | null): boolean {
    const moved = stories.accountId !== draftOf
    targets.value = moved && !asSummary.value ? [] : answer.targets.map(viewOf)
    bringUpToDate()
    if (answer.targets.some((target) => target.outcome.state === 'scheduled')) useScheduleStore().clear()
    const refusal = answer.targets.map((target) => target.outcome).find((outcome) => outcome.state === 'refused')
    if (!refusal) {
      if (!moved) stories.startAfresh()
      return true
    }
    // Kept in the composer, so nothing is lost for the account that refused it. The summary says
    // so account by account; the open account alone says it as the composer always has.
    if (asSummary.value) return true
    if (!moved) error.value = refusal.error
    return false
  }

  async function cancel(): Promise<void> {
    // The press's own id stops every account's part of it.
    if (publishing.value) await bridge.call('stories:cancel', { requestId: publishing.value.requestId })
  }

  /**
   * The composer holds another story (another account's, a saved draft opened): what came of the
   * last one no longer speaks of it. A summary names each account and what it holds, so it stays.
   */
  function forgetComposerOutcome(): void {
    error.value = null
    if (!asSummary.value) targets.value = []
  }

  function dismiss(): void {
    targets.value = []
    news.clear()
    error.value = null
  }

  function dispose(): void {
    for (const off of unsubscribers) off()
    unsubscribers = []
  }

  return {
    chosen,
    selected,
    several,
    canPublish,
    publishing,
    pending,
    targets,
    asSummary,
    result,
    error,
    counts,
    toggle,
    publish,
    cancel,
    forgetComposerOutcome,
    dismiss,
    dispose,
  }
})
