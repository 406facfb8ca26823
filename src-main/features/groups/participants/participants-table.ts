import { normalizeContact } from '@shared/story/contacts'
import { bareId } from '../../../account/accounts/self-id'

/**
 * The participants of a snapshot's groups, as columns: one entry per participant but the
 * account itself, most shared groups first, then by id. Plain typed arrays, so it is
 * written to a file as it is and read back without parsing, and no object per participant
 * exists in main.
 */
export interface ParticipantsTable {
  /** How many groups the snapshot had: every sample position is below it. */
  groups: number
  count: number
  /** Entries the contact picker lists (those with a contact id, once each). */
  listed: number
  /** Each participant's id without its server part, UTF-8, one after another. */
  ids: Uint8Array
  idStarts: Uint32Array
  /**
   * The id a story's audience takes (a phone number), UTF-8; empty for participants the picker
   * leaves out (ids that are not numbers, or a number already listed higher up).
   */
  contacts: Uint8Array
  contactStarts: Uint32Array
  /** How many of the account's groups each participant is in. */
  shared: Uint32Array
  /** Positions in the snapshot of up to three of those groups, to tell participants apart. */
  sampleStarts: Uint32Array
  samples: Uint32Array
  /** Entries in the order of their ids' bytes, to find a participant by id. */
  byId: Uint32Array
}

/** What a phone number looks like as an id (what a story's `contacts` takes). */
const PHONE = /^\d{7,15}$/
const SAMPLE_GROUPS = 3

interface Participant {
  /** The id as first seen: the order among participants in as many groups goes by it. */
  id: string
  bare: string
  shared: number
  samples: number[]
}

/** UTF-8 of `texts` end to end, and where each starts (one more entry: the end). */
function packed(texts: readonly string[]): { bytes: Uint8Array; starts: Uint32Array } {
  const starts = new Uint32Array(texts.length + 1)
  let size = 0
  for (let i = 0; i < texts.length; i++) {
    starts[i] = size
    size += Buffer.byteLength(texts[i] as string, 'utf8')
  }
  starts[texts.length] = size
  const bytes = Buffer.alloc(size)
  for (let i = 0; i < texts.length; i++) bytes.write(texts[i] as string, starts[i] as number, 'utf8')
  return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, size), starts }
}

/**
 * Builds the table one group record at a time, in the order the records are read. A
 * record without a string name or a participants array adds nobody, and so does a
 * participant without a string id: the server's records are not trusted to be whole.
 */
export class ParticipantsBuilder {
  readonly #byBare = new Map<string, Participant>()
  #groups = 0

  constructor(readonly selfId: string | null) {}

  /** Adds the participants of the record at position `at` of the snapshot. */
  add(record: unknown, at: number): void {
    this.#groups = Math.max(this.#groups, at + 1)
    if (typeof record !== 'object' || record === null) return
    const { name, participants } = record as { name?: unknown; participants?: unknown }
    if (typeof name !== 'string' || !Array.isArray(participants)) return
    for (const entry of participants as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue
      const id = (entry as { id?: unknown }).id
      if (typeof id !== 'string') continue
      const bare = bareId(id)
      if (bare === this.selfId) continue
      let participant = this.#byBare.get(bare)
      if (!participant) {
        participant = { id, bare, shared: 0, samples: [] }
        this.#byBare.set(bare, participant)
      }
      participant.shared++
      if (participant.samples.length < SAMPLE_GROUPS) participant.samples.push(at)
    }
  }

  /** The table; `groups` is the snapshot's number of groups (records it could not read included). */
  finish(groups: number): ParticipantsTable {
    const participants = [...this.#byBare.values()].sort((a, b) => b.shared - a.shared || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    this.#byBare.clear()
    const count = participants.length
    const seen = new Set<string>()
    const contacts = participants.map((participant) => {
      const contact = PHONE.test(participant.bare) ? participant.bare : normalizeContact(participant.id)
      if (contact === null || seen.has(contact)) return ''
      seen.add(contact)
      return contact
    })
    const ids = packed(participants.map((participant) => participant.bare))
    const contactText = packed(contacts)
    const shared = Uint32Array.from(participants, (participant) => participant.shared)
    const sampleStarts = new Uint32Array(count + 1)
    let sampleCount = 0
    for (let i = 0; i < count; i++) {
      sampleStarts[i] = sampleCount
      sampleCount += (participants[i] as Participant).samples.length
    }
    sampleStarts[count] = sampleCount
    const samples = new Uint32Array(sampleCount)
    for (let i = 0; i < count; i++) samples.set((participants[i] as Participant).samples, sampleStarts[i])
    const idBytes = Buffer.from(ids.bytes.buffer, ids.bytes.byteOffset, ids.bytes.byteLength)
    const idOf = (i: number): Buffer => idBytes.subarray(ids.starts[i] as number, ids.starts[i + 1] as number)
    const byId = Uint32Array.from({ length: count }, (_, i) => i).sort((a, b) => Buffer.compare(idOf(a), idOf(b)))
    return {
      groups: Math.max(groups, this.#groups),
      count,
      listed: seen.size,
      ids: ids.bytes,
      idStarts: ids.starts,
      contacts: contactText.bytes,
      contactStarts: contactText.starts,
      shared,
      sampleStarts,
      samples,
      byId,
    }
  }
}
