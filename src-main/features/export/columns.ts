import type { Group } from '@shared/domain'
import type { StoryViews } from '@shared/story/feed'
import { isMuted, lastActivity, messagePreview } from '../groups/index'
import type { Cell } from './csv'

/** Past this, a server's time is no date at all (ECMAScript's time values end at 8.64e15 ms): the cell stays empty. */
const MAX_SECONDS = 8.64e12
const iso = (seconds: number | null | undefined): string =>
  typeof seconds === 'number' && seconds > 0 && seconds <= MAX_SECONDS ? new Date(seconds * 1000).toISOString() : ''

const yes = (value: boolean | null | undefined): boolean => value === true

/** The bare number of an id like `447700900123@s.whatsapp.net`, or '' when it is not one. */
function phoneOf(id: string): string {
  const [user = '', server = ''] = id.split('@')
  return /^\d{5,}$/.test(user) && (server === '' || server === 's.whatsapp.net' || server === 'c.us') ? user : ''
}

export const GROUP_COLUMNS = [
  'id',
  'name',
  'participants',
  'unread',
  'mentioned',
  'pinned',
  'muted',
  'mute_until',
  'archived',
  'labels',
  'last_activity',
  'last_message_type',
  'last_message_from',
  'last_message_text',
  'description',
  'description_owner',
  'created_at',
  'created_by',
  'community',
  'community_parent_id',
  'announcement_group',
  'default_subgroup',
  'only_admins_send',
  'only_admins_edit_info',
  'read_only',
  'suspended',
  'terminated',
  'disappearing_seconds',
  'invite_link',
] as const

/** One group as a CSV row, aligned with GROUP_COLUMNS. */
export function groupRow(group: Group, nowSeconds: number): Cell[] {
  const preview = messagePreview(group.last_message)
  return [
    group.id,
    group.name,
    group.participants_count,
    group.unread ?? 0,
    yes(group.unread_mention),
    yes(group.pin),
    isMuted(group, nowSeconds),
    group.mute === true ? iso(group.mute_until) : '',
    yes(group.archive),
    (group.labels ?? []).map((label) => label.name).join('; '),
    iso(lastActivity(group)),
    preview?.kind ?? '',
    preview ? (preview.fromMe ? 'me' : (preview.author ?? '')) : '',
    preview?.text ?? '',
    group.description ?? '',
    group.description_owner ?? '',
    iso(group.created_at),
    group.created_by ?? '',
    yes(group.is_parent),
    group.linkedParent ?? '',
    yes(group.isCommunityAnnounce),
    yes(group.is_default_subgroup),
    yes(group.announcements),
    yes(group.restricted),
    yes(group.read_only),
    yes(group.suspended),
    yes(group.terminated),
    group.ephemeral ?? 0,
    group.invite_code ? `https://chat.whatsapp.com/${encodeURIComponent(group.invite_code)}` : '',
  ]
}

export const PARTICIPANT_COLUMNS = ['group_id', 'group_name', 'participant_id', 'phone', 'rank'] as const

export function participantRows(group: Group): Cell[][] {
  return group.participants.map((p) => [group.id, group.name, p.id, phoneOf(p.id), p.rank])
}

export const VIEWER_COLUMNS = ['story_id', 'viewer', 'name', 'groups', 'status', 'viewed_at'] as const

export function viewerRows(views: StoryViews): Cell[][] {
  return views.viewers.map((viewer) => [
    views.storyId,
    viewer.id,
    viewer.name ?? '',
    viewer.groups.join('; '),
    viewer.status,
    viewer.viewedAt ?? '',
  ])
}
