import type { ExportResult } from '@shared/channels/export'
import type { KeptOutcome } from '@shared/channels/outbox'
import type { AppErrorData } from '@shared/errors'
import type { FeedState, FeedStory, StoryViews } from '@shared/story/feed'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { bridge } from '../bridge'

/** How often an open story's viewers are asked for while it is live and the app is online. */
export const VIEWS_REFRESH_MS = 60_000

export function isLive(story: FeedStory, nowMs: number): boolean {
  return Date.parse(story.expiresAt) > nowMs
}

/** The account's stories (from the server, merged with this app's history) and their viewers. */
export const useFeedStore = defineStore('feed', () => {
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
        state.value = next
      }),
      bridge.on('stories:history-changed', () => void load()),
      bridge.on('accounts:changed', () => {
        closeViews()
        void load()
      }),
    )
  }

  async function load(): Promise<void> {
    listen()
    const result = await bridge.call('stories:feed')
    if (result.ok) state.value = result.value
    else error.value = result.error
  }

  async function sync(): Promise<void> {
    listen()
    error.value = null
    const result = await bridge.call('stories:feed-sync')
    if (result.ok) state.value = result.value
    else if (result.error.code !== 'cancelled') error.value = result.error
  }

  async function cancel(): Promise<void> {
    await bridge.call('stories:feed-cancel')
  }

  async function refreshViews(refresh: boolean): Promise<void> {
    const id = selectedId.value
    if (!id) return
    viewsLoading.value = true
    const result = await bridge.call('stories:views', { id, refresh })
    viewsLoading.value = false
    if (selectedId.value !== id) return
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
    if (!id) return
    const result = await bridge.call('stories:views-export', { id })
    if (result.ok) exported.value = result.value
    else viewsError.value = result.error
  }

  /** Posts the selected story again (to everyone when no numbers are given), through the outbox. */
  async function repost(contacts: string[]): Promise<void> {
    const id = selectedId.value
    if (!id || reposting.value) return
    reposting.value = true
    repostResult.value = null
    repostError.value = null
    try {
      const result = await bridge.call('stories:repost', {
        requestId: crypto.randomUUID(),
        id,
        ...(contacts.length > 0 && { contacts }),
      })
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
