/** Only a well-formed https: URL may leave the app for the user's browser. */
export function safeExternalUrl(raw: string): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname) return null
  return url.href
}
