export interface RequestRecord {
  seq: number
  /** Milliseconds since the epoch, when the request arrived. */
  at: number
  method: string
  /** Path and query, with any token query parameter masked. */
  path: string
  route: string
  /** 0 when no status line was sent (hang, reset before headers, client gone). */
  status: number
  outcome: 'answered' | 'reset' | 'closed'
  /** Ids of the faults that applied. */
  faults: string[]
  /** Latency the faults added, in milliseconds. */
  delayMs: number
  durationMs: number
}

/** The last requests served, for tests that check what a client did (retries, paging). */
export class RequestLog {
  private records: RequestRecord[] = []
  private seq = 0

  constructor(private readonly cap = 2000) {}

  nextSeq(): number {
    return ++this.seq
  }

  add(record: RequestRecord): void {
    this.records.push(record)
    if (this.records.length > this.cap) this.records.splice(0, this.records.length - this.cap)
  }

  /** In arrival order (a request is logged when it ends, so ends can come out of order). */
  list(): RequestRecord[] {
    return this.records.slice().sort((a, b) => a.seq - b.seq)
  }

  clear(): void {
    this.records = []
  }
}
