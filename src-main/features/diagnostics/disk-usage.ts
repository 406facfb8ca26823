import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { ACCOUNT_FILE_LIST } from '../../account/files/account-files'
import { ACCOUNTS_DIR, APP_FILE_LIST } from '../../account/files/app-files'
import { FileRoot } from '../../account/files/file-root'
import { silentLogger } from '../../platform/log/log'

export interface UsageEntry {
  /** The declared file or folder, relative to the data folder; a star stands for all accounts added together. */
  name: string
  bytes: number
  files: number
}

/** Bounds the accounts measured in a data folder someone filled with folders. */
const MAX_ACCOUNTS = 1_000

/**
 * Disk use of the data folder by what the app declares: each of its own files, then each kind
 * of account file summed over all accounts (named with a star in place of the account id), and
 * whatever no declaration accounts for, so nothing hides. Account ids stay out of the report.
 */
export async function diskUsage(dataDir: string): Promise<UsageEntry[]> {
  const app = await new FileRoot(dataDir, APP_FILE_LIST, { log: silentLogger }).usage(
    (path) => path === ACCOUNTS_DIR || path.startsWith(`${ACCOUNTS_DIR}/`),
  )
  const usage: UsageEntry[] = app.declared
    .filter((entry) => entry.files > 0)
    .map(({ decl, bytes, files }) => ({ name: decl.path, bytes, files }))
  const other = { ...app.other }
  const sums = new Map<string, { bytes: number; files: number }>()
  const accountsDir = join(dataDir, ACCOUNTS_DIR)
  const accounts = (await readdir(accountsDir, { withFileTypes: true }).catch(() => [])).filter((entry) => entry.isDirectory())
  for (const entry of accounts.slice(0, MAX_ACCOUNTS)) {
    const account = await new FileRoot(join(accountsDir, entry.name), ACCOUNT_FILE_LIST, { log: silentLogger }).usage()
    for (const { decl, bytes, files } of account.declared) {
      const sum = sums.get(decl.path) ?? { bytes: 0, files: 0 }
      sums.set(decl.path, { bytes: sum.bytes + bytes, files: sum.files + files })
    }
    other.bytes += account.other.bytes
    other.files += account.other.files
  }
  for (const [path, size] of sums) if (size.files > 0) usage.push({ name: `${ACCOUNTS_DIR}/*/${path}`, ...size })
  if (other.files > 0) usage.push({ name: 'other files', ...other })
  return usage
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`
}
