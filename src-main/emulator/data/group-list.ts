import { createRng, hashSeed } from './prng'

/** Groups one change may add: enough for any test, and a bound on what a request can make us build. */
export const MAX_GROUPS_ADDED = 1_000_000

export interface GroupMutation {
  /** Groups to create. */
  add?: number
  /** Where new groups go: `start` (newest activity, the usual case) or `end`. */
  at?: 'start' | 'end'
  /** How many groups to delete, chosen at random (seeded) among those listed. */
  remove?: number
  /** Positions (offsets in the current list) of groups to delete. */
  removePositions?: readonly number[]
}

export interface ListChange {
  added: number[]
  removed: number[]
  total: number
}

/**
 * The account's groups in the order GET /groups lists them: base groups 0..n-1 by
 * index (newest activity first), with groups added at either end and some removed.
 * Positions are resolved arithmetically, so 100,000 groups cost nothing until paged.
 */
export class GroupList {
  /** Sorted base indexes that were removed. */
  private removedBase: number[] = []
  /** Added groups at the front, newest first. */
  private front: number[] = []
  private back: number[] = []
  private nextIndex: number
  private mutations = 0
  /** Timestamps of groups added at the front, which are newer than any base group. */
  readonly timestamps = new Map<number, number>()

  constructor(
    private readonly baseCount: number,
    private readonly seed: number,
    private readonly epoch: number,
  ) {
    this.nextIndex = baseCount
  }

  get total(): number {
    return this.front.length + this.baseCount - this.removedBase.length + this.back.length
  }

  /** The generator index of the group at `position`, or undefined past the end. */
  at(position: number): number | undefined {
    if (position < 0 || position >= this.total) return undefined
    if (position < this.front.length) return this.front[position]
    let p = position - this.front.length
    const baseLeft = this.baseCount - this.removedBase.length
    if (p >= baseLeft) return this.back[p - baseLeft]
    // The p-th surviving base index is p plus the number of removed r[k] with r[k] - k <= p.
    let lo = 0
    let hi = this.removedBase.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((this.removedBase[mid] as number) - mid <= p) lo = mid + 1
      else hi = mid
    }
    p += lo
    return p
  }

  slice(offset: number, count: number): number[] {
    const end = Math.min(this.total, offset + count)
    const out: number[] = []
    for (let position = offset; position < end; position++) out.push(this.at(position) as number)
    return out
  }

  apply(mutation: GroupMutation): ListChange {
    this.mutations++
    const total = this.total
    const positions = new Set((mutation.removePositions ?? []).filter((p) => Number.isInteger(p) && p >= 0 && p < total))
    const rng = createRng(hashSeed(this.seed, 'mutation', this.mutations))
    const target = Math.min(total, positions.size + (mutation.remove ?? 0))
    while (positions.size < target) positions.add(rng.int(0, total - 1))
    // Resolve every position before removing any, so positions refer to the list as it was.
    const removed = [...positions].map((p) => this.at(p) as number)
    this.removeAll(removed)

    // Built whole and joined once: growing the front one group at a time is quadratic.
    const added: number[] = []
    for (let i = 0; i < (mutation.add ?? 0); i++) added.push(this.nextIndex++)
    if (mutation.at === 'end') this.back = this.back.concat(added)
    else {
      for (const index of added) this.timestamps.set(index, this.epoch + 60 * (index - this.baseCount + 1))
      this.front = added.slice().reverse().concat(this.front)
    }
    return { added, removed, total: this.total }
  }

  private removeAll(indexes: readonly number[]): void {
    if (indexes.length === 0) return
    const gone = new Set(indexes)
    this.front = this.front.filter((index) => !gone.has(index))
    this.back = this.back.filter((index) => !gone.has(index))
    const base = indexes.filter((index) => index < this.baseCount)
    if (base.length > 0) this.removedBase = [...new Set([...this.removedBase, ...base])].sort((a, b) => a - b)
  }

  /** Back to the base groups only. */
  reset(): void {
    this.removedBase = []
    this.front = []
    this.back = []
    this.timestamps.clear()
    this.nextIndex = this.baseCount
    this.mutations = 0
  }
}
