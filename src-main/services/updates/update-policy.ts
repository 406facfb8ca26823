import type { Settings } from '@shared/channels/settings'

export type FeedVerdict = { on: true; feed: URL } | { on: false; reason: string }

/**
 * Whether updates run, and from where. Off unless switched on AND given a feed; the feed
 * must be https (the app downloads code from it) without embedded credentials.
 */
export function acceptedFeed(updates: Settings['updates']): FeedVerdict {
  if (!updates.enabled) return { on: false, reason: 'switched off' }
  const raw = updates.feedUrl?.trim()
  if (!raw) return { on: false, reason: 'no feed configured' }
  let feed: URL
  try {
    feed = new URL(raw)
  } catch {
    return { on: false, reason: 'the feed is not a URL' }
  }
  if (feed.protocol !== 'https:') return { on: false, reason: 'the feed is not https' }
  if (feed.username || feed.password) return { on: false, reason: 'the feed carries credentials' }
  // electron-updater resolves file names against the feed as a folder.
  if (!feed.pathname.endsWith('/')) feed.pathname += '/'
  return { on: true, feed }
}

/**
 * True when every file a release offers resolves to the feed's own https origin. A feed's
 * latest.yml may name absolute URLs; those would make the app download code from a host
 * the user never chose.
 */
export function filesStayOnFeed(feed: URL, files: readonly { url: string }[]): boolean {
  if (files.length === 0) return false
  return files.every((file) => {
    try {
      const resolved = new URL(file.url, feed)
      return resolved.protocol === 'https:' && resolved.origin === feed.origin && !resolved.username && !resolved.password
    } catch {
      return false
    }
  })
}
