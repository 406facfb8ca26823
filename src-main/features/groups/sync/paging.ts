import type { Group, ParsedGroupsPage, RejectedGroup } from '@shared/domain'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'

/** What paging needs of a page: the ids it holds, what it set aside, the server's total. */
export interface PageFacts {
  groups: readonly { id: string }[]
  rejected: readonly RejectedGroup[]
  total: number
  /** The size of the page's body as it was received, when the reader knows it. */
  bytes?: number
}

/** Where pages of groups come from. */
export interface PageSource<P extends PageFacts> {
  listGroups(params: { count: number; offset: number }, options?: { signal?: AbortSignal }): Promise<P>
}

/** What the sync needs of the API client: one page of groups. */
export type GroupsSource = PageSource<ParsedGroupsPage>

export interface FetchAllOptions {
  /** Groups per request; the provider allows up to 500. */
  pageSize?: number
  /** Requests in flight at once once the total is known. */
  concurrency?: number
  signal?: AbortSignal
  /** Passes over the list before giving up on an account whose groups keep changing. */
  maxPasses?: number
  onProgress?: (progress: { fetched: number; total: number }) => void
  /** Each page that arrives: the network and the server work. */
  onPage?: () => void
  /** Where a sync stops whatever the server says; see DEFAULT_PAGING_LIMITS. */
  limits?: Partial<PagingLimits>
  /** Attempts at a page whose body could not be read, the first one included. */
  malformedAttempts?: number
  /** The wait before the nth retry of an unreadable page (n from 1). */
  retryDelayMs?: (retry: number) => number
  sleep?: (ms: number, signal: AbortSignal) => Promise<unknown>
}

/**
 * Bounds of one sync against a server that never stops sending pages. Far above the
 * largest accounts the app is made for (100,000 groups of a few kilobytes each), far
 * below what would exhaust the main process.
 */
export interface PagingLimits {
  /** Requests in one sync, every pass and retry included. */
  requests: number
  /** Distinct groups in one pass. */
  groups: number
  /** Bytes of page bodies received in one sync. */
  bytes: number
}

export const DEFAULT_PAGING_LIMITS: PagingLimits = {
  requests: 3_000,
  groups: 150_000,
  bytes: 1024 * 1024 * 1024,
}

/** A record the parser set aside, with where it sat in the list. */
export interface RejectedRecord {
  id?: string
  position: number
  path: string
  message: string
}

/**
 * Each page as it arrives (before the next one is asked for by the same reader), with the
 * pass it belongs to: a page of an earlier pass is never kept once a new pass starts.
 */
export type PageSink<P> = (page: P, offset: number, pass: number) => void | Promise<void>

/** The pages of the pass kept, in list order, and which of each page's groups are kept. */
export interface PagesRead {
  /** The accepted groups kept: each id once, at its first place in the list. */
  kept: { offset: number; indexes: number[] }[]
  /** Ids of the groups kept, in list order. */
  ids: string[]
  rejected: RejectedRecord[]
  /** The server's total, which a complete pass agrees with. */
  total: number
  /** 1 unless the list changed during a pass and was read again. */
  passes: number
  requests: number
}

export interface FetchedGroups {
  /** In the server's order, each id once. */
  groups: Group[]
  rejected: RejectedRecord[]
  /** The server's total, which a complete pass agrees with. */
  total: number
  /** 1 unless the list changed during a pass and was read again. */
  passes: number
  requests: number
}

export const DEFAULT_PAGE_SIZE = 500
export const DEFAULT_CONCURRENCY = 4

export function syncCancelled(): AppError {
  return new AppError('cancelled', userText('groupErrors.sync.cancelled'))
}

/** Why a pass was stopped as endless; the renderer words each the same plain way. */
export type EndlessReason = 'past-total' | 'no-new-ids' | 'requests' | 'groups' | 'bytes'

/** Marks the error the renderer shows as "the server kept sending pages". */
export const ENDLESS_PAGING = 'endless-paging'

export function endlessPaging(why: EndlessReason, facts: { requests: number; groups: number }): AppError {
  return new AppError('invalid-response', userText('groupErrors.sync.endlessPaging'), { reason: ENDLESS_PAGING, why, ...facts })
}

/** An unreadable page (cut short, an HTML page): worth asking for again, as the request is a GET. */
export function isUnreadablePage(error: unknown): boolean {
  return error instanceof AppError && error.code === 'invalid-response' && error.details?.reason !== ENDLESS_PAGING
}

/** What a whole sync may still spend, shared by its passes. */
export interface Budget {
  limits: PagingLimits
  requests: number
  bytes: number
}
