import type { CommunityInfo } from '@shared/channels/community'
import type { ExportResult } from '@shared/channels/export'
import type { GroupDetail } from '@shared/channels/groups'
import type { AppErrorData, Result } from '@shared/errors'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { bridge } from '../bridge'
import { useAccountsStore } from './accounts'

/** The group open in the detail panel: its full record (of the account on screen), fetched when opened. */
export const useGroupDetailStore = defineStore('group-detail', () => {
  const accounts = useAccountsStore()
  const openId = ref<string | null>(null)
  const detail = shallowRef<GroupDetail | null>(null)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  /** Groups opened through community links, so "back" returns to where the user came from. */
  const trail = ref<string[]>([])

  const isOpen = computed(() => openId.value !== null)

  let latest = 0

  async function load(id: string): Promise<void> {
    const accountId = accounts.activeId
    if (accountId === null) return
    const ticket = ++latest
    loading.value = true
    error.value = null
    const result = await bridge.call('groups:get', { accountId, id })
    // Another group was opened, or the same one read again (a sync), while this answer was on
    // its way: only the newest request may fill the panel.
    if (ticket !== latest || openId.value !== id) return
    loading.value = false
    if (result.ok) detail.value = result.value
    else {
      detail.value = null
      error.value = result.error
    }
  }

  function open(id: string, options: { from?: string } = {}): Promise<void> {
    if (options.from) trail.value = [...trail.value, options.from]
    else trail.value = []
    openId.value = id
    if (detail.value?.group.id !== id) detail.value = null
    return load(id)
  }

  function back(): Promise<void> | undefined {
    const previous = trail.value.at(-1)
    if (!previous) return undefined
    trail.value = trail.value.slice(0, -1)
    openId.value = previous
    return load(previous)
  }

  function retry(): Promise<void> | undefined {
    return openId.value ? load(openId.value) : undefined
  }

  function close(): void {
    openId.value = null
    detail.value = null
    error.value = null
    loading.value = false
    trail.value = []
  }

  // A group belongs to one account: another account on screen closes it.
  watch(
    () => accounts.activeId,
    (id, previous) => {
      if (id !== previous) close()
    },
    { flush: 'sync' },
  )

  /** A group's community (parent, announcements, linked groups); null when no account is on screen. */
  async function community(id: string): Promise<Result<CommunityInfo> | null> {
    const accountId = accounts.activeId
    return accountId === null ? null : bridge.call('groups:community', { accountId, id })
  }

  /** Writes a group's participants to a CSV file; null when no account is on screen. */
  async function exportParticipants(id: string): Promise<Result<ExportResult> | null> {
    const accountId = accounts.activeId
    return accountId === null ? null : bridge.call('export:participants', { accountId, id })
  }

  /** After a new snapshot the open group is read again (it may have changed or gone). */
  function reloadIfOpen(): Promise<void> | undefined {
    return openId.value ? load(openId.value) : undefined
  }

  return {
    openId,
    detail,
    loading,
    error,
    trail,
    isOpen,
    load,
    open,
    back,
    retry,
    close,
    reloadIfOpen,
    community,
    exportParticipants,
  }
})
