import type { Settings } from '@shared/channels/settings'

/** Why updates are off, for the log: switched off, no feed, or a feed that is not a credential-free https URL. */
export type FeedOffReason = 'switched-off' | 'no-feed' | 'not-a-url' | 'not-https' | 'credentials'

export type FeedVerdict = { on: true; feed: URL } | { on: false; reason: FeedOffReason }

/**
 * Whether updates run, and from where. Off unless switched on AND given a feed (the
 * settings' own, else the one the build was published with); the feed must be https (the
 * app downloads code from it) without embedded credentials.
 */
export function acceptedFeed(updates: Settings['updates'], buildFeed: string | null = null): FeedVerdict {
  if (!updates.enabled) return { on: false, reason: 'switched-off' }
  const raw = updates.feedUrl?.trim() || buildFeed?.trim()
  if (!raw) return { on: false, reason: 'no-feed' }
  let feed: URL
  try {
    feed = new URL(raw)
  } catch {
    return { on: false, reason: 'not-a-url' }
  }
  if (feed.protocol !== 'https:') return { on: false, reason: 'not-https' }
  if (feed.username || feed.password) return { on: false, reason: 'credentials' }
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

/**
 * Why an update cannot be installed unattended: a Windows build that names no publisher, or a
 * Linux package (AppImage, deb) that carries no signature the app can check.
 */
export type UnverifiedReason = 'no-publisher' | 'unsigned-package'

export type SignatureCheck = { verified: true } | { verified: false; reason: UnverifiedReason }

/**
 * Whether electron-updater can check the signature of what it downloads on this install,
 * which is what makes installing it unattended safe:
 * - macOS: Squirrel.Mac installs only an update signed like the running app;
 * - Windows (NSIS): only when the build names its publisher (`publisherName`), which the
 *   update's Authenticode signature must then match; without it the check is skipped;
 * - Linux (AppImage, deb): the sha512 in the feed is checked, but the feed comes from the
 *   same server, so nothing proves who built the file.
 */
export function signatureCheckOf(install: { platform: NodeJS.Platform; publisherName?: string | null }): SignatureCheck {
  switch (install.platform) {
    case 'darwin':
      return { verified: true }
    case 'win32':
      return install.publisherName?.trim() ? { verified: true } : { verified: false, reason: 'no-publisher' }
    default:
      return { verified: false, reason: 'unsigned-package' }
  }
}
