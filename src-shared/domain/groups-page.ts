import { z } from 'zod'
import { GroupSchema, type Group } from './group'
import { describeZodError, formatIssuePath, parseWith, type ParseOutcome } from './issue-path'
import { MAX_RECORD_DEPTH, nestedDeeperThan } from './nesting'

export const GROUPS_PAGE_MAX_COUNT = 500

/** The envelope of `GET /groups`, checked strictly before any group is looked at. */
export const GroupsPageEnvelopeSchema = z.looseObject({
  groups: z.array(z.unknown()),
  count: z.int().nonnegative(),
  total: z.int().nonnegative(),
  offset: z.int().nonnegative(),
})

/** A group the server sent that did not match the schema, set aside instead of the page. */
export interface RejectedGroup {
  /** Its index in the page's `groups` array. */
  index: number
  /** Its id, when it had a string one. */
  id?: string
  /** Where the problem is, like `groups[17].last_message.poll.options`. */
  path: string
  message: string
}

export interface ParsedGroupsPage {
  groups: Group[]
  rejected: RejectedGroup[]
  count: number
  total: number
  offset: number
  /** The size of the page's body as it was received, when the reader knows it. */
  bytes?: number
}

function idOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('id' in value)) return undefined
  return typeof value.id === 'string' ? value.id : undefined
}

/**
 * Parses a groups page. A malformed envelope fails the page; a malformed group is only
 * set aside (with where and why), so one odd record never hides the rest of the account.
 */
export function parseGroupsPage(raw: unknown): ParseOutcome<ParsedGroupsPage> {
  const envelope = parseWith(GroupsPageEnvelopeSchema, raw)
  if (!envelope.success) return envelope
  const { groups: items, count, total, offset } = envelope.data
  const groups: Group[] = []
  const rejected: RejectedGroup[] = []
  items.forEach((item, index) => {
    const id = idOf(item)
    if (nestedDeeperThan(item, MAX_RECORD_DEPTH)) {
      const path = formatIssuePath(['groups', index])
      const message = `nested more than ${MAX_RECORD_DEPTH} levels deep`
      rejected.push(id === undefined ? { index, path, message } : { index, id, path, message })
      return
    }
    const result = GroupSchema.safeParse(item)
    if (result.success) {
      groups.push(result.data)
      return
    }
    const { path, message } = describeZodError(result.error, ['groups', index])
    rejected.push(id === undefined ? { index, path, message } : { index, id, path, message })
  })
  return { success: true, data: { groups, rejected, count, total, offset } }
}
