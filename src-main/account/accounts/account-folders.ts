import { TokenStorageSchema } from '@shared/channels/accounts'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { AccountIdSchema } from './account-records'

/**
 * Each account folder names its own account in `account.json`, so the folder can be found
 * again when the accounts file is lost or damaged. It holds no token: only the one-way
 * fingerprint of base URL and token that the accounts file already keeps.
 */
export const IDENTITY_FILE = 'account.json'

export const AccountIdentitySchema = z.looseObject({
  version: z.literal(1),
  id: AccountIdSchema,
  label: z.string().max(200).optional(),
  baseUrl: z.string().max(2048).optional(),
  fingerprint: z.string().max(128).optional(),
  /** The channel's own id as learnt from the server (see channel-id.ts); absent when unknown. */
  channelId: z.string().max(64).optional(),
  encryption: TokenStorageSchema.optional(),
  tokenHint: z.string().max(16).optional(),
  isDemo: z.boolean().default(false),
  createdAt: z.string().max(64).optional(),
})
export type AccountIdentity = z.infer<typeof AccountIdentitySchema>

/** Bounds the scan of a data folder that someone filled with thousands of folders. */
const MAX_FOLDERS_SCANNED = 1_000
const MAX_IDENTITY_BYTES = 64 * 1024

export class AccountFolders {
  readonly root: string

  constructor(dataDir: string) {
    this.root = join(dataDir, 'accounts')
  }

  dirOf(id: string): string {
    return join(this.root, id)
  }

  /** Writes the identity atomically (temp file, rename), so a crash leaves the old one or the new. */
  write(identity: AccountIdentity): void {
    const dir = this.dirOf(identity.id)
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    const path = join(dir, IDENTITY_FILE)
    const temp = join(dir, `.${IDENTITY_FILE}.${randomBytes(6).toString('hex')}.tmp`)
    try {
      writeFileSync(temp, JSON.stringify(identity, null, 1), { mode: 0o600 })
      renameSync(temp, path)
    } catch (error) {
      rmSync(temp, { force: true })
      throw error
    }
  }

  read(id: string): AccountIdentity | null {
    try {
      const text = readFileSync(join(this.dirOf(id), IDENTITY_FILE), 'utf8')
      if (text.length > MAX_IDENTITY_BYTES) return null
      const parsed = AccountIdentitySchema.safeParse(JSON.parse(text))
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
