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
  const directory = new DirectoryBuilder(selfId)
  for (const group of groups) directory.add(group.name, group.participants)
  return directory.entries()
}

/** The same directory, built one group at a time (as records are read from disk). */
export class DirectoryBuilder {
  readonly #byId = new Map<string, DirectoryEntry>()

  constructor(readonly selfId: string | null) {}

  add(groupName: string, participants: readonly { id: string }[]): void {
    for (const participant of participants) {
      const bare = bareId(participant.id)
      if (bare === this.selfId) continue
      let entry = this.#byId.get(bare)
      if (!entry) {
        entry = {
          id: participant.id,
          number: PHONE.test(bare) ? bare : null,
          groups: 0,
          sampleGroups: [],
        }
        this.#byId.set(bare, entry)
      }
      entry.groups++
      if (entry.sampleGroups.length < SAMPLE_GROUPS) entry.sampleGroups.push(groupName)
    }
  }

  entries(): DirectoryEntry[] {
    return [...this.#byId.values()].sort(
      (a, b) => b.groups - a.groups || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
  }
}
