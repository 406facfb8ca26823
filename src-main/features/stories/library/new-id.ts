import { randomBytes } from 'node:crypto'

export function newId(): string {
  return randomBytes(9).toString('base64url')
}
