import { groupDigits, groupId, inviteCode, randomHex } from './ids'
import { buildMessage, LABELS } from './messages'
import { DESCRIPTIONS, GROUP_NAMES, SCRIPTS, type Script } from './names'
import { type Person, POOL_SIZE } from './people'
import { createRng, hashSeed, type Rng } from './prng'
import { type Group, MESSAGE_CONTENT_KINDS, type Participant } from './types'

export interface GeneratorConfig {
  seed: number
  /** Unix seconds the data is "as of": the newest base group's last message is near it. */
  epoch: number
  people: readonly Person[]
  me: Person
  /** Where pictures are served; known only once the server listens. */
  pictureBase: () => string
}

/** Seconds between consecutive groups' last messages, so index order is newest first. */
const GAP = 617
/** Every 37 groups (prime, to stay out of step with the other cycles) start a community. */
const COMMUNITY_BLOCK = 37
const EPHEMERAL_TIMERS = [86_400, 604_800, 7_776_000] as const

export const scriptOf = (index: number): Script => SCRIPTS[index % SCRIPTS.length] ?? 'latin'

export function baseTimestamp(config: GeneratorConfig, index: number): number {
  const jitter = createRng(hashSeed(config.seed, 'ts', index)).int(0, GAP - 1)
  return config.epoch - index * GAP - jitter
}

/** Each part of a group that others refer to comes from its own stream, so it is cheap alone. */
export function groupName(config: GeneratorConfig, index: number): string {
  const rng = createRng(hashSeed(config.seed, 'name', index))
  const script = scriptOf(index)
  const base = rng.pick(GROUP_NAMES[script])
  const style = rng.int(0, 9)
  if (script === 'emoji') return `${base} ${rng.pick(GROUP_NAMES[rng.pick(SCRIPTS.slice(0, 4))])}`
  if (style === 0) return `${base} ${rng.pick(GROUP_NAMES.emoji)}`
  if (style === 1) return `${base} ${2015 + rng.int(0, 10)}`
  if (style === 2 && index % 50 === 2) return `${base} — ${'very long group name '.repeat(4)}`.slice(0, 100)
  return base
}

function participantsOf(
  rng: Rng,
  index: number,
  config: GeneratorConfig,
): {
  participants: Participant[]
  members: Person[]
  meRank: Participant['rank']
  creator: string
} {
  const r = rng.next()
  const size =
    index % 61 === 17 ? 1024 : r < 0.55 ? rng.int(3, 40) : r < 0.85 ? rng.int(41, 250) : r < 0.97 ? rng.int(251, 800) : rng.int(801, 1023)
  const meRank: Participant['rank'] = rng.chance(0.1) ? 'creator' : rng.chance(0.22) ? 'admin' : 'member'
  const start = rng.int(0, POOL_SIZE - 1)
  const stride = rng.int(1, POOL_SIZE - 1)
  const members: Person[] = []
  for (let j = 0; j < size - 1; j++) members.push(config.people[(start + j * stride) % POOL_SIZE] as Person)
  const admins = Math.min(members.length, rng.int(0, 2) + Math.floor(size / 100))
  const creatorStayed = meRank !== 'creator' && rng.chance(0.85)
  const participants: Participant[] = members.map((person, j) => ({
    id: person.phone,
    rank: j === 0 && creatorStayed ? 'creator' : j < admins ? 'admin' : 'member',
  }))
  participants.splice(rng.int(0, participants.length), 0, { id: config.me.phone, rank: meRank })
  const creator = meRank === 'creator' ? config.me.phone : (members[0]?.phone ?? config.me.phone)
  return { participants, members, meRank, creator }
}

function community(config: GeneratorConfig, index: number): Partial<Group> {
  const slot = index % COMMUNITY_BLOCK
  const parent = index - slot
  if (slot === 0) return { is_parent: true }
  if (slot > 4) return {}
  const linked = { linkedParent: groupId(config.seed, parent) }
  if (slot === 1)
    return {
      ...linked,
      isCommunityAnnounce: true,
      announcements: true,
      name: groupName(config, parent),
    }
  if (slot === 2) return { ...linked, is_default_subgroup: true }
  return linked
}

export interface GroupOverrides {
  timestamp?: number
}

/** Group `index` of the account, built from (seed, index) alone. */
export function generateGroup(config: GeneratorConfig, index: number, overrides: GroupOverrides = {}): Group {
  const rng = createRng(hashSeed(config.seed, 'group', index))
  const script = scriptOf(index)
  const id = groupId(config.seed, index)
  const timestamp = overrides.timestamp ?? baseTimestamp(config, index)
  const { participants, members, meRank, creator } = participantsOf(rng, index, config)
  const isAdmin = meRank !== 'member'
  const createdAt = timestamp - rng.int(86_400, 8 * 365 * 86_400)
  const admin = participants.find((p) => p.rank !== 'member')?.id ?? creator
  const announcements = rng.chance(0.12)
  const suspended = index % 211 === 100
  const terminated = index % 223 === 50
  const unreadRoll = rng.next()
  const unread = unreadRoll < 0.65 ? 0 : unreadRoll < 0.9 ? rng.int(1, 20) : unreadRoll < 0.99 ? rng.int(21, 999) : rng.int(1000, 5000)
  const muted = rng.chance(0.18)
  const pictureBase = `${config.pictureBase()}/${groupDigits(config.seed, index)}`

  const group: Group = {
    id,
    type: 'group',
    name: groupName(config, index),
    timestamp,
    ...(rng.chance(0.88) ? { chat_pic: `${pictureBase}.png`, chat_pic_full: `${pictureBase}-full.png` } : {}),
    pin: rng.chance(0.03),
    mute: muted,
    mute_until: !muted ? 0 : rng.chance(0.4) ? 0 : config.epoch + rng.int(3600, 365 * 86_400),
    archive: rng.chance(0.07),
    unread,
    unread_mention: unread > 0 && rng.chance(0.3),
    read_only: terminated || suspended || (announcements && !isAdmin),
    not_spam: true,
    labels: rng.chance(0.25) ? rng.sample(LABELS, rng.int(1, 3)) : [],
    name_owner: admin,
    name_at: createdAt + rng.int(0, timestamp - createdAt),
    participants_count: participants.length,
    participants,
    created_at: createdAt,
    created_by: creator,
    suspended,
    terminated,
    is_parent: false,
    is_default_subgroup: false,
    restricted: rng.chance(0.35),
    announcements,
    adminAddMemberMode: rng.chance(0.4),
    ephemeral: rng.chance(0.75) ? 0 : rng.pick(EPHEMERAL_TIMERS),
    isCommunityAnnounce: false,
  }
  if (rng.chance(0.6)) {
    group.description = rng.pick(DESCRIPTIONS[script])
    group.description_owner = admin
    group.description_id = randomHex(rng, 32).toUpperCase()
  }
  if (isAdmin) group.invite_code = inviteCode(rng)
  Object.assign(group, community(config, index))

  const fromMe = rng.chance(0.25)
  group.last_message = buildMessage(
    {
      rng,
      ids: createRng(hashSeed(config.seed, config.epoch, 'message-ids', index, timestamp)),
      kind: MESSAGE_CONTENT_KINDS[index % MESSAGE_CONTENT_KINDS.length] ?? 'text',
      chatId: id,
      chatName: group.name,
      script,
      timestamp,
      author: fromMe ? config.me : rng.pick(members.length > 0 ? members : [config.me]),
      fromMe,
      members: members.length > 0 ? members.slice(0, 8) : [config.me],
      pictureUrl: `${pictureBase}-full.png`,
    },
    {
      ...(index % 3 === 0 ? { context: index / 3 } : {}),
      reactions: index % 4 === 1,
      ...(index % 6 === 2 ? { labels: rng.sample(LABELS, rng.int(1, 2)) } : {}),
    },
  )
  return group
}
