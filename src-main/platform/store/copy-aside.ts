import { copyFileSync, existsSync, renameSync } from 'node:fs'
import { basename } from 'node:path'
import { setAsideStamp } from '../files/json-file'

function freeName(path: string, tag: string, at: Date): string {
  const base = `${path}.${tag}-${setAsideStamp(at)}`
  let candidate = base
  for (let n = 1; existsSync(candidate); n++) candidate = `${base}-${n}`
  return candidate
}

/** Renames the file out of the way; returns the new file name (not the whole path). */
export function moveAside(path: string, tag: string, at: Date): string {
  const target = freeName(path, tag, at)
  renameSync(path, target)
  return basename(target)
}

/** Keeps a copy of the file as it is before the app writes over part of it. */
export function copyAside(path: string, tag: string, at: Date): string {
  const target = freeName(path, tag, at)
  copyFileSync(path, target)
  return basename(target)
}
