import { z } from 'zod'
import { channel, event } from '../define'
import type { Group } from '../domain/group'
import type { AppErrorData } from '../errors'
import { AccountScopeSchema } from './scope'

/** Filter chips of the groups list; several combine with AND. */
export const GROUP_FILTERS = [
  'unread',
  'mentions',
  'pinned',
  'muted',
  'archived',
  'community',
  'announcement',
  'admin',
  'readOnly',
  'suspended',
] as const
export type GroupFilter = (typeof GROUP_FILTERS)[number]

export const GROUP_SORTS = ['recent', 'name', 'size', 'unread'] as const
export type GroupSort = (typeof GROUP_SORTS)[number]

/** The most rows one query returns: a window of the list, never the whole account. */
export const MAX_WINDOW = 200

export const GroupsQuerySchema = z.object({
  /** Matches name, description and last-message text, ignoring case and diacritics. */
  search: z.string().max(200).default(''),
  filters: z.array(z.enum(GROUP_FILTERS)).max(GROUP_FILTERS.length).default([]),
  /** Label ids; a group matches when it carries any of them. */
  labels: z.array(z.string().max(100)).max(100).default([]),
  sort: z.enum(GROUP_SORTS).default('recent'),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(0).max(MAX_WINDOW).default(50),
})
export type GroupsQuery = z.input<typeof GroupsQuerySchema>

/** A query of one account's groups. */
export const AccountGroupsQuerySchema = GroupsQuerySchema.extend(AccountScopeSchema.shape)

export interface LabelChip {
  id: string
  name: string
  /** The provider's label colour name or hex, as sent. */
  color: string
}

/** What one row of the list shows, and nothing more. */
export interface GroupRow {
  id: string
  name: string
  /** URL of the cached picture on our own origin, or null for an initials avatar. */
  picture: string | null
  /** The last message in one line: its kind (a message type, or 'unknown') and its text. */
  preview: { kind: string; text: string; fromMe: boolean; author: string | null } | null
  /** Last activity, Unix seconds. */
  timestamp: number | null
  unread: number
  mention: boolean
  pinned: boolean
  muted: boolean
  archived: boolean
  labels: LabelChip[]
  size: number
  isParent: boolean
  isAnnouncement: boolean
  isAdmin: boolean
  readOnly: boolean
  suspended: boolean
  terminated: boolean
  /**
   * The last sync could not read this group (a record of that pass was malformed), so this
   * is its last good version, kept until a sync reads the whole list cleanly. Main always
   * says; absent reads as false.
   */
  stale?: boolean
}

export interface GroupsWindow {
  rows: GroupRow[]
  offset: number
  /** Groups matching the query. */
  matching: number
  /** Groups in the cache. */
  total: number
}

export interface GroupDetail {
  group: Group
  picture: string | null
  pictureFull: string | null
  /** As GroupRow.stale. */
  stale?: boolean
}

export interface SyncProgress {
  accountId: string
  fetched: number
  total: number | null
}

export interface SyncResult {
  added: number
  removed: number
  changed: number
  total: number
  /** Malformed records set aside by the parser. */
  rejected: number
  durationMs: number
}

export interface SyncState {
  accountId: string | null
  /** ISO time of the last complete snapshot, null before the first sync. */
  lastSyncedAt: string | null
  syncing: boolean
  progress: SyncProgress | null
  /** False after requests fail for want of a network; true again on the next success. */
  online: boolean
  /** True while what is shown comes from the cache rather than a sync of this run. */
  fromCache: boolean
  lastError: AppErrorData | null
  lastResult: SyncResult | null
  count: number
}

export const groupsChannels = {
  'groups:query': channel<GroupsWindow>()(AccountGroupsQuerySchema),
  'groups:get': channel<GroupDetail>()(AccountScopeSchema.extend({ id: z.string().min(1).max(200) })),
  'groups:labels': channel<LabelChip[]>()(AccountScopeSchema),
  'groups:state': channel<SyncState>()(AccountScopeSchema),
  'groups:sync': channel<SyncResult>()(AccountScopeSchema),
  'groups:cancel-sync': channel<void>()(AccountScopeSchema),
}

export const groupsEvents = {
  'sync:progress': event<SyncProgress>(),
  'sync:state': event<SyncState>(),
  /** A new snapshot is in place: lists should query again. */
  'groups:changed': event<{ accountId: string }>(),
}
