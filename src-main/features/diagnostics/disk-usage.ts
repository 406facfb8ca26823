import { lstat, readdir } from 'node:fs/promises'
import { join } from 'node:path'

export interface UsageEntry {
  /** Path relative to the measured folder; a star stands for all accounts added together. */
  name: string
  bytes: number
  files: number
}

interface Size {
  bytes: number
  files: number
}

/** Bytes and files under `path`; what vanishes or cannot be read while walking counts as nothing. */
export async function sizeOf(path: string): Promise<Size> {
  const info = await lstat(path).catch(() => null)
  if (!info) return { bytes: 0, files: 0 }
  if (!info.isDirectory()) return { bytes: info.isFile() ? info.size : 0, files: info.isFile() ? 1 : 0 }
  const entries = await readdir(path).catch(() => [] as string[])
  const total = { bytes: 0, files: 0 }
  for (const entry of entries) {
    const size = await sizeOf(join(path, entry))
    total.bytes += size.bytes
    total.files += size.files
  }
  return total
}

/**
 * Disk use of the data folder: each entry at its top, and inside `groupedDir` (the
 * per-account folders) each kind of folder summed over all accounts (named with a star in
 * place of the account id).
 * Account ids stay out of the report.
 */
export async function diskUsage(root: string, groupedDir = 'accounts'): Promise<UsageEntry[]> {
  const usage: UsageEntry[] = []
  for (const entry of (await readdir(root).catch(() => [] as string[])).sort()) {
    usage.push({ name: entry, ...(await sizeOf(join(root, entry))) })
    if (entry !== groupedDir) continue
    const kinds = new Map<string, Size>()
    for (const account of await readdir(join(root, entry)).catch(() => [] as string[])) {
      const accountDir = join(root, entry, account)
      if (!(await lstat(accountDir).catch(() => null))?.isDirectory()) continue
      for (const kind of await readdir(accountDir).catch(() => [] as string[])) {
        const size = await sizeOf(join(accountDir, kind))
        const sum = kinds.get(kind) ?? { bytes: 0, files: 0 }
        kinds.set(kind, { bytes: sum.bytes + size.bytes, files: sum.files + size.files })
      }
    }
    for (const [kind, size] of [...kinds].sort(([a], [b]) => a.localeCompare(b))) usage.push({ name: `${entry}/*/${kind}`, ...size })
  }
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
