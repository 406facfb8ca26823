import { mkdir } from 'node:fs/promises'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { writeJsonAtomic } from '../../platform/files/json-file'
import { readPlainFileSync } from '../../platform/files/plain-file'
import { ACCOUNT_FILES } from '../files/account-files'
import { ACCOUNTS_DIR } from '../files/app-files'
import { AccountIdSchema, type AccountIdentity } from '../files/formats/account-identity'

export type { AccountIdentity } from '../files/formats/account-identity'

/** Bounds the scan of a data folder that someone filled with thousands of folders. */
const MAX_FOLDERS_SCANNED = 1_000
const MAX_IDENTITY_BYTES = 64 * 1024

/**
 * The account folders under the data folder. Each names its own account in `account.json`, so
 * a folder can be found again when the accounts file is lost or damaged.
 */
export class AccountFolders {
  readonly root: string

  constructor(dataDir: string) {
    this.root = join(dataDir, ACCOUNTS_DIR)
  }

  dirOf(id: string): string {
    return join(this.root, id)
  }

  /** Writes the folder's record of its account, atomically. */
  async write(identity: AccountIdentity): Promise<void> {
    const dir = this.dirOf(identity.id)
    await mkdir(dir, { recursive: true, mode: 0o700 })
    await writeJsonAtomic(join(dir, ACCOUNT_FILES.identity.path), identity, ACCOUNT_FILES.identity.schema)
  }

  read(id: string): AccountIdentity | null {
    try {
      // Sized before it is read, never through a link.
      const text = readPlainFileSync(join(this.dirOf(id), ACCOUNT_FILES.identity.path), MAX_IDENTITY_BYTES).toString('utf8')
      const parsed = ACCOUNT_FILES.identity.schema.safeParse(JSON.parse(text))
      return parsed.success && parsed.data.id === id ? parsed.data : null
    } catch {
      return null
    }
  }

  /**
   * The account folders on disk other than `known`: what a lost accounts file left behind.
   * A folder without a readable identity is listed with its id only.
   */
  orphans(known: ReadonlySet<string>): AccountIdentity[] {
    let names: string[]
    try {
      names = readdirSync(this.root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && AccountIdSchema.safeParse(entry.name).success)
        .map((entry) => entry.name)
    } catch {
      return []
    }
    const found: AccountIdentity[] = []
    for (const id of names.slice(0, MAX_FOLDERS_SCANNED)) {
      if (known.has(id)) continue
      found.push(this.read(id) ?? { version: 1, id, isDemo: false })
    }
    return found
  }
}
