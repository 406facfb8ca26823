import type { Group } from '@shared/domain'
import { bareId } from './self-id'

/** Someone the account shares groups with, as a contact picker lists them. */
export interface DirectoryEntry {
  /** The participant id as the server sent it. */
  id: string
  /** The phone number (7 to 15 digits, what a story's `contacts` takes), or null for ids that are not numbers (@lid). */
  number: string | null
  /** How many of the account's groups they are in. */
  groups: number
  /** Names of up to three of those groups, to tell people apart. */
  sampleGroups: string[]
}

const PHONE = /^\d{7,15}$/
const SAMPLE_GROUPS = 3

/** Everyone in the cached groups except the account itself, most shared groups first. */
export function participantsDirectory(
  groups: readonly Group[],
  selfId: string | null,
): DirectoryEntry[] {
  const byId = new Map<string, DirectoryEntry>()
  for (const group of groups) {
    for (const participant of group.participants) {
      const bare = bareId(participant.id)
      if (bare === selfId) continue
      let entry = byId.get(bare)
      if (!entry) {
        entry = {
          id: participant.id,
          number: PHONE.test(bare) ? bare : null,
          groups: 0,
          sampleGroups: [],
        }
        byId.set(bare, entry)
      }
      entry.groups++
      if (entry.sampleGroups.length < SAMPLE_GROUPS) entry.sampleGroups.push(group.name)
    }
  }
  return [...byId.values()].sort(
    (a, b) => b.groups - a.groups || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}
