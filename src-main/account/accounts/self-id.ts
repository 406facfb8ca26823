import type { Group } from '@shared/domain'

/** A WhatsApp id without its server part: "15550100001@s.whatsapp.net" -> "15550100001". */
export function bareId(id: string): string {
  const at = id.indexOf('@')
  return at < 0 ? id : id.slice(0, at)
}

/**
 * The account's own id. GET /groups does not name it, but the spec documents `from` as
 * "WhatsApp ID of the sender" and `from_me` as "Is message from me", so the sender of any
 * last message marked from_me is the account. The most frequent one wins, in case a
 * message was sent from a linked device under another id. Null when no group's last
 * message is the account's own: then "admin" cannot be known and matches nothing.
 */
export function deriveSelfId(groups: readonly Group[]): string | null {
  const counts = new Map<string, number>()
  for (const group of groups) {
    const message = group.last_message
    if (!message?.from_me || typeof message.from !== 'string' || message.from === '') continue
    const id = bareId(message.from)
    counts.set(id, (counts.get(id) ?? 0) + 1)
  }
  let best: string | null = null
  let bestCount = 0
  for (const [id, count] of counts) {
    if (count > bestCount) {
      best = id
      bestCount = count
    }
  }
  return best
}
