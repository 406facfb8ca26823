import type { Row } from '../../../../platform/db/database'
import { OutboxItemSchema, type OutboxItem } from '../../../../account/files/formats/outbox-item'
import type { ClaimPurpose } from './outbox-store'

/** An item's row as the database returns it. */
export interface ItemRow extends Row {
  account_id: string
  id: string
  request_id: string
  rev: number
  state: string
  claim_owner: string | null
  claim_expires_at: Date | string | null
  claim_purpose: string | null
  item: unknown
}

export type Claim = NonNullable<OutboxItem['claim']>

function isoOf(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString()
}

/**
 * The item a row holds, or null when it cannot be read as one: its JSON fails the schema, or
 * disagrees with the columns the store's checks read (its id, request id, state). The revision
 * and the claim are the columns'.
 */
export function itemOf(row: ItemRow): OutboxItem | null {
  const json = row.item
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null
  let claim: Claim | null = null
  if (row.claim_owner !== null && row.claim_expires_at !== null) {
    try {
      claim = { owner: row.claim_owner, expiresAt: isoOf(row.claim_expires_at), purpose: row.claim_purpose as ClaimPurpose }
    } catch {
      return null
    }
  }
  const parsed = OutboxItemSchema.safeParse({ ...json, rev: Number(row.rev), claim })
  if (!parsed.success) return null
  const item = parsed.data
  if (item.id !== row.id || item.requestId !== row.request_id || item.state !== row.state) return null
  return item
}

/** An instant the item names, as ISO text; a string that names none is the caller's mistake. */
function instant(text: string, what: string): string {
  const ms = Date.parse(text)
  if (Number.isNaN(ms)) throw new Error(`outbox store: the item's ${what} is not an instant: ${JSON.stringify(text.slice(0, 40))}`)
  return new Date(ms).toISOString()
}

/** `$3…$11` of `SQL.insert` and `SQL.update`: the item's columns, its claim, and its JSON without revision and claim. */
export function columnsOf(item: OutboxItem, claim: Claim | null): unknown[] {
  const { rev: _rev, claim: _claim, ...rest } = item
  return [
    item.requestId,
    item.state,
    item.dueAt === null ? null : instant(item.dueAt, 'due instant'),
    instant(item.createdAt, 'creation instant'),
    // As sendOrder compares: a planned story counts from its due instant.
    item.dueAt ?? item.createdAt,
    claim?.owner ?? null,
    claim?.expiresAt ?? null,
    claim?.purpose ?? null,
    JSON.stringify(rest),
  ]
}

export function isoAt(ms: number): string {
  return new Date(ms).toISOString()
}
