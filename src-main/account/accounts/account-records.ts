import { TokenStorageSchema } from '@shared/channels/accounts'
import { z } from 'zod'
import { AccountIdSchema, type AccountIdentity } from '../files/formats/account-identity'

/** One account as the accounts file keeps it. */
export const StoredAccountSchema = z.looseObject({
  id: AccountIdSchema,
  label: z.string().max(200),
  baseUrl: z.string().max(2048),
  tokenHint: z.string().max(16),
  encryption: TokenStorageSchema,
  isDemo: z.boolean().default(false),
  createdAt: z.string(),
  /** A one-way fingerprint of base URL and token, to recognise the same pair connected again. */
  fingerprint: z.string().max(128).optional(),
  /** The channel's own number as learnt at connect (connect-test.ts); absent when not shown. */
  channelId: z.string().max(64).optional(),
  /** The token in its stored form (token-vault.ts); absent for session-only and demo accounts. */
  sealed: z.string().optional(),
  /** Followed on the agent without its token here (followed-account.ts): the agent runs it. */
  followed: z.boolean().optional(),
})
export type StoredAccount = z.infer<typeof StoredAccountSchema>

/** An account signed out without deleting its data: connecting the same pair again finds it. */
export const RetainedAccountSchema = z.object({ id: AccountIdSchema, fingerprint: z.string().max(128) })
export type RetainedAccount = z.infer<typeof RetainedAccountSchema>

export const ACCOUNTS_FILE_VERSION = 1

export const KEYS = {
  version: 'schemaVersion',
  accounts: 'accounts',
  activeId: 'activeId',
  retained: 'retained',
  /** How far this engine had read and applied the shared list (shared-accounts.ts), on an agent sharing a database. */
  sharedThrough: 'sharedThrough',
} as const

export interface AccountsFile {
  accounts: StoredAccount[]
  activeId: string | null
  retained: RetainedAccount[]
  /** Entries that could not be read and were left out. */
  dropped: number
  /** Written by a newer version, whose entries this one may only partly understand. */
  newer: boolean
}

function items<T>(value: unknown, schema: z.ZodType<T>): { ok: T[]; dropped: number } {
  if (!Array.isArray(value)) return { ok: [], dropped: value === undefined ? 0 : 1 }
  const ok: T[] = []
  let dropped = 0
  for (const item of value) {
    const parsed = schema.safeParse(item)
    if (parsed.success) ok.push(parsed.data)
    else dropped++
  }
  return { ok, dropped }
}

/** Reads the accounts file's keys one entry at a time, so one bad entry costs only itself. */
export function readAccountsFile(entries: Record<string, unknown>): AccountsFile {
  const accounts = items(entries[KEYS.accounts], StoredAccountSchema)
  const retained = items(entries[KEYS.retained], RetainedAccountSchema)
  const unique = accounts.ok.filter((account, index) => accounts.ok.findIndex((other) => other.id === account.id) === index)
  const version = entries[KEYS.version]
  const rawActive = entries[KEYS.activeId]
  const activeId = typeof rawActive === 'string' && unique.some((account) => account.id === rawActive) ? rawActive : null
  return {
    accounts: unique,
    activeId,
    retained: retained.ok,
    dropped: accounts.dropped + retained.dropped + (accounts.ok.length - unique.length),
    newer: typeof version === 'number' && version > ACCOUNTS_FILE_VERSION,
  }
}

/** The folder's own record of an account (account-folders.ts): what finds it again once the accounts file is lost. */
export function identityOf(account: StoredAccount): AccountIdentity {
  return {
    version: 1,
    id: account.id,
    label: account.label,
    baseUrl: account.baseUrl,
    ...(account.fingerprint && { fingerprint: account.fingerprint }),
    ...(account.channelId && { channelId: account.channelId }),
    encryption: account.encryption,
    tokenHint: account.tokenHint,
    isDemo: account.isDemo,
    createdAt: account.createdAt,
  }
}
