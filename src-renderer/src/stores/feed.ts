import type { ExportResult } from '@shared/channels/export'
import type { KeptOutcome } from '@shared/channels/outbox'
import type { AppErrorData } from '@shared/errors'
import type { FeedState, FeedStory, StoryViews } from '@shared/story/feed'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { bridge } from '../bridge'
import { useAccountsStore } from './accounts'

/** How often an open story's viewers are asked for while it is live and the app is online. */
export const VIEWS_REFRESH_MS = 60_000

export function isLive(story: FeedStory, nowMs: number): boolean {
  return Date.parse(story.expiresAt) > nowMs
}

/**
 * The stories of the account on this client's screen (from the server, merged with this app's
 * history) and their viewers. Another account's feed and history events are not this screen's.
 */
export const useFeedStore = defineStore('feed', () => {
  const accounts = useAccountsStore()
  const state = shallowRef<FeedState | null>(null)
  const error = shallowRef<AppErrorData | null>(null)
  const selectedId = ref<string | null>(null)
  const views = shallowRef<StoryViews | null>(null)
  const viewsError = shallowRef<AppErrorData | null>(null)
  const viewsLoading = ref(false)
  const exported = shallowRef<ExportResult | null>(null)
  const reposting = ref(false)
  const repostResult = shallowRef<KeptOutcome | null>(null)
  const repostError = shallowRef<AppErrorData | null>(null)
  let timer: ReturnType<typeof setInterval> | null = null
  const unsubscribers: Array<() => void> = []

  const stories = computed(() => state.value?.stories ?? [])
  const selected = computed(() => stories.value.find((s) => s.id === selectedId.value) ?? null)
  const syncing = computed(() => state.value?.syncing ?? false)

  function listen(): void {
    if (unsubscribers.length > 0) return
    unsubscribers.push(
      bridge.on('stories:feed-changed', (next) => {
        if (next.accountId === accounts.activeId) state.value = next
      }),
      bridge.on('stories:history-changed', ({ accountId }) => {
        if (accountId === accounts.activeId) void load()
      }),
    )
  }

  // Each account has its own stories: once the feed has been read, another account on screen reads its own.
  watch(
    () => accounts.activeId,
    (id, previous) => {
      if (id === previous || unsubscribers.length === 0) return
      closeViews()
      state.value = null
      error.value = null
      if (id !== null) void load()
    },
    { flush: 'sync' },
  )

  async function load(): Promise<void> {
    listen()
    const accountId = accounts.activeId
    if (accountId === null) return
    const result = await bridge.call('stories:feed', { accountId })
    if (accountId !== accounts.activeId) return
    if (result.ok) state.value = result.value
    else error.value = result.error
  }

  async function sync(): Promise<void> {
    listen()
    const accountId = accounts.activeId
    if (accountId === null) return
    error.value = null
    const result = await bridge.call('stories:feed-sync', { accountId })
    if (accountId !== accounts.activeId) return
    if (result.ok) state.value = result.value
    else if (result.error.code !== 'cancelled') error.value = result.error
  }

  async function cancel(): Promise<void> {
    const accountId = accounts.activeId
    if (accountId !== null) await bridge.call('stories:feed-cancel', { accountId })
  }

  async function refreshViews(refresh: boolean): Promise<void> {
    const id = selectedId.value
    const accountId = accounts.activeId
    if (!id || accountId === null) return
    viewsLoading.value = true
    const result = await bridge.call('stories:views', { accountId, id, refresh })
    viewsLoading.value = false
    if (selectedId.value !== id || accountId !== accounts.activeId) return
    if (result.ok) {
      viewsError.value = null
      if (result.value) views.value = result.value
    } else viewsError.value = result.error
  }

  /** Opens a story's viewers: the kept list at once, then the server's, then on a gentle timer while live. */
  async function openViews(id: string, online: () => boolean): Promise<void> {
    closeViews()
    selectedId.value = id
    await refreshViews(false)
    if (online()) await refreshViews(true)
    timer = setInterval(() => {
      const story = selected.value
      if (story && isLive(story, Date.now()) && online()) void refreshViews(true)
    }, VIEWS_REFRESH_MS)
  }

  function closeViews(): void {
    if (timer !== null) clearInterval(timer)
    timer = null
    selectedId.value = null
    views.value = null
    viewsError.value = null
    exported.value = null
    repostResult.value = null
    repostError.value = null
  }

  async function exportViews(): Promise<void> {
    const id = selectedId.value
    const accountId = accounts.activeId
    if (!id || accountId === null) return
    const result = await bridge.call('stories:views-export', { accountId, id })
    if (accountId !== accounts.activeId) return
    if (result.ok) exported.value = result.value
    else viewsError.value = result.error
  }

  /** Posts the selected story again (to everyone when no numbers are given), through the outbox. */
  async function repost(contacts: string[]): Promise<void> {
    const id = selectedId.value
    const accountId = accounts.activeId
    if (!id || accountId === null || reposting.value) return
    reposting.value = true
    repostResult.value = null
    repostError.value = null
    try {
      const result = await bridge.call('stories:repost', {
        accountId,
        requestId: crypto.randomUUID(),
        id,
        ...(contacts.length > 0 && { contacts }),
      })
      // The outbox holds it either way; the viewers panel it answers was closed by a switch.
      if (accountId !== accounts.activeId) return
      if (result.ok) repostResult.value = result.value
      else repostError.value = result.error
    } finally {
      reposting.value = false
    }
  }

  function dispose(): void {
    closeViews()
    for (const off of unsubscribers.splice(0)) off()
  }

  return {
    state,
    stories,
    syncing,
    error,
    selectedId,
    selected,
    views,
    viewsError,
    viewsLoading,
    exported,
    reposting,
    repostResult,
    repostError,
    repost,
    load,
    sync,
    cancel,
    openViews,
    refreshViews,
    closeViews,
    exportViews,
    dispose,
  }
})
