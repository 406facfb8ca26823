/** How long a page may be away (a reload, a network blip) before its client counts as gone. */
const AWAY_MS = 60_000

/**
 * Which web clients are there, as their event streams say: a page keeps one open while it
 * lives. When a client's last stream closes and none comes back within a minute, the page is
 * gone and the engine lets go of what it kept for it (the account on its screen).
 */
export class ClientPresence {
  readonly #streams = new Map<string, number>()
  readonly #leaving = new Map<string, NodeJS.Timeout>()
  readonly #gone: (client: string) => void
  readonly #awayMs: number

  constructor(gone: (client: string) => void, awayMs = AWAY_MS) {
    this.#gone = gone
    this.#awayMs = awayMs
  }

  opened(client: string): void {
    clearTimeout(this.#leaving.get(client))
    this.#leaving.delete(client)
    this.#streams.set(client, (this.#streams.get(client) ?? 0) + 1)
  }

  closed(client: string): void {
    const left = (this.#streams.get(client) ?? 1) - 1
    if (left > 0) return void this.#streams.set(client, left)
    this.#streams.delete(client)
    const timer = setTimeout(() => {
      this.#leaving.delete(client)
      this.#gone(client)
    }, this.#awayMs)
    timer.unref()
    this.#leaving.set(client, timer)
  }

  stop(): void {
    for (const timer of this.#leaving.values()) clearTimeout(timer)
    this.#leaving.clear()
  }
}
