import type { ViewStatus } from '@shared/domain'
import type { Viewer } from '@shared/story/feed'
import type { KnownPerson } from './names'

/** A view list longer than this is cut: no status is seen by more people than this on a view. */
export const MAX_VIEWERS = 5000

function viewedAt(timestamp: string | number): string | null {
  const text = String(timestamp).trim()
  const ms = /^\d{1,12}$/.test(text) ? Number(text) * 1000 : Date.parse(text)
  return Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : null
}

/** The numbers of a story's viewers, as viewersOf names them. */
export function viewerIds(statuses: readonly ViewStatus[]): string[] {
  const ids = new Set<string>()
  for (const status of statuses.slice(0, MAX_VIEWERS)) {
    const raw = status.viewer_id || status.recipient_id
    if (raw) ids.add(viewerId(raw))
  }
  return [...ids]
}

const viewerId = (raw: string): string => raw.replace(/@.*$/, '').slice(0, 64)

/**
 * The view statuses of a story as viewers: one row per viewer (the latest status each),
 * with a name where the cached groups know the number, earliest view first.
 */
export function viewersOf(statuses: readonly ViewStatus[], book: ReadonlyMap<string, KnownPerson>): Viewer[] {
  const byId = new Map<string, Viewer>()
  for (const status of statuses.slice(0, MAX_VIEWERS)) {
    const raw = status.viewer_id || status.recipient_id
    if (!raw) continue
    const id = viewerId(raw)
    const known = book.get(id)
    const viewer: Viewer = {
      id,
      name: known?.name ?? null,
      groups: known?.groups ?? [],
      viewedAt: viewedAt(status.timestamp),
      status: status.status.slice(0, 20),
    }
    const earlier = byId.get(id)
    if (!earlier || (viewer.viewedAt ?? '') < (earlier.viewedAt ?? '')) byId.set(id, viewer)
  }
  return [...byId.values()].sort((a, b) => (a.viewedAt ?? '').localeCompare(b.viewedAt ?? '') || a.id.localeCompare(b.id))
}
