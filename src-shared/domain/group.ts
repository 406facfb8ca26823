import { z } from 'zod'
import { MessageSchema } from './message'
import { LabelSchema } from './message-parts'
import { openEnum, opt } from './schema-helpers'

export const PARTICIPANT_RANKS = ['admin', 'member', 'creator'] as const

/** Participant: a member of a group and their rank. */
export const ParticipantSchema = z.looseObject({
  id: z.string(),
  rank: openEnum(PARTICIPANT_RANKS),
})

export const CHAT_TYPES = ['group', 'contact', 'broadcast', 'newsletter', 'unknown'] as const

/** The fields every chat has (components/schemas/Chat): settings, last message, labels. */
export const chatShape = {
  id: z.string(),
  name: opt(z.string()),
  type: openEnum(CHAT_TYPES),
  timestamp: opt(z.number()),
  chat_pic: opt(z.string()),
  chat_pic_full: opt(z.string()),
  pin: opt(z.boolean()),
  mute: opt(z.boolean()),
  mute_until: opt(z.number()),
  archive: opt(z.boolean()),
  unread: opt(z.number()),
  unread_mention: opt(z.boolean()),
  read_only: opt(z.boolean()),
  not_spam: opt(z.boolean()),
  last_message: opt(MessageSchema),
  labels: opt(z.array(LabelSchema)),
}

/** Group (components/schemas/Group): a chat plus its name, participants and group settings. */
export const GroupSchema = z.looseObject({
  ...chatShape,
  name: z.string(),
  name_owner: opt(z.string()),
  name_at: opt(z.number()),
  description: opt(z.string()),
  description_owner: opt(z.string()),
  description_id: opt(z.string()),
  participants_count: z.number(),
  participants: z.array(ParticipantSchema),
  created_at: opt(z.number()),
  created_by: opt(z.string()),
  suspended: opt(z.boolean()),
  terminated: opt(z.boolean()),
  is_parent: opt(z.boolean()),
  is_default_subgroup: opt(z.boolean()),
  restricted: opt(z.boolean()),
  announcements: opt(z.boolean()),
  adminAddMemberMode: opt(z.boolean()),
  ephemeral: opt(z.number()),
  invite_code: opt(z.string()),
  isCommunityAnnounce: opt(z.boolean()),
  linkedParent: opt(z.string()),
})
export type Group = z.infer<typeof GroupSchema>

/** Whether a participant's rank makes them an admin of the group: the one rule, for the scanner and the parser alike. */
export function isAdminRank(rank: unknown): boolean {
  return rank === 'admin' || rank === 'creator'
}
