import type { GroupRow, LabelChip } from '@shared/channels/groups'
import type { CommunityMember } from '../community'
import { FLAG, SLOT, textAt, type GroupColumns } from './group-columns'
import { pictureRefAt, type PictureLookup } from './picture-ref'

/** Muted, unless the mute had an end (mute_until > 0) and it has passed. */
export function mutedAt(columns: GroupColumns, at: number, nowSeconds: number): boolean {
  if (!((columns.flags[at] as number) & FLAG.mute)) return false
  const until = columns.muteUntil[at] as number
  return Number.isNaN(until) || until <= 0 || until > nowSeconds
}

/** What a row needs beyond the columns. */
export interface RowContext {
  pictures: PictureLookup
  nowSeconds: number
  /** Ids of groups kept from an earlier sync because the last one could not read them. */
  stale: ReadonlySet<string>
}

/** The group at `at` as a row of the list: the only place objects are made from the columns. */
export function rowAt(columns: GroupColumns, at: number, context: RowContext): GroupRow {
  const f = columns.flags[at] as number
  const id = textAt(columns, at, SLOT.id)
  const author = textAt(columns, at, SLOT.previewAuthor)
  const timestamp = columns.timestamp[at] as number
  const labels: LabelChip[] = []
  for (let i = columns.labelStarts[at] as number; i < (columns.labelStarts[at + 1] as number); i++)
    labels.push({ ...(columns.labels[columns.labelRefs[i] as number] as LabelChip) })
  return {
    id,
    name: textAt(columns, at, SLOT.name),
    picture: context.pictures.thumb(pictureRefAt(columns, at)),
    preview:
      f & FLAG.hasPreview
        ? {
            kind: columns.kinds[columns.kind[at] as number] as string,
            text: textAt(columns, at, SLOT.previewText),
            fromMe: (f & FLAG.fromMe) !== 0,
            author: author === '' ? null : author,
          }
        : null,
    timestamp: Number.isNaN(timestamp) ? null : timestamp,
    unread: columns.unread[at] as number,
    mention: (f & FLAG.mention) !== 0,
    pinned: (f & FLAG.pinned) !== 0,
    muted: mutedAt(columns, at, context.nowSeconds),
    archived: (f & FLAG.archived) !== 0,
    labels,
    size: columns.size[at] as number,
    isParent: (f & FLAG.parent) !== 0,
    isAnnouncement: (f & FLAG.announcement) !== 0,
    isAdmin: (f & FLAG.admin) !== 0,
    readOnly: (f & FLAG.readOnly) !== 0,
    suspended: (f & FLAG.suspended) !== 0,
    terminated: (f & FLAG.terminated) !== 0,
    stale: context.stale.has(id),
  }
}

/** The group at `at` as its community sees it. */
export function memberAt(columns: GroupColumns, at: number): CommunityMember {
  const f = columns.flags[at] as number
  const linked = textAt(columns, at, SLOT.linkedParent)
  return {
    id: textAt(columns, at, SLOT.id),
    name: textAt(columns, at, SLOT.name),
    ...(f & FLAG.parent && { is_parent: true }),
    ...(f & FLAG.announcement && { isCommunityAnnounce: true }),
    ...(f & FLAG.defaultSubgroup && { is_default_subgroup: true }),
    ...(linked !== '' && { linkedParent: linked }),
  }
}
