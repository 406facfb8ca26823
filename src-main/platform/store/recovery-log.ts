import type { FileRecovery } from '@shared/channels/settings'

/**
 * The files set aside during this run's startup. The renderer may not be listening yet
 * when they are found, so they are kept here and read through `settings:status`.
 */
export class RecoveryLog {
  readonly #items: FileRecovery[] = []
  readonly #listeners = new Set<(item: FileRecovery) => void>()

  add(item: FileRecovery): void {
    this.#items.push(item)
    for (const listener of this.#listeners) listener(item)
  }

  list(): FileRecovery[] {
    return this.#items.map((item) => ({ ...item }))
  }

  onAdd(listener: (item: FileRecovery) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}
