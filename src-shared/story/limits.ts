import type { StoryMediaKind } from './media-types'

/** Size and length limits of story media (settings.stories). */
export interface StoryLimits {
  imageMaxBytes: number
  videoMaxBytes: number
  audioMaxBytes: number
  videoMaxSeconds: number
}

export const DEFAULT_STORY_LIMITS: StoryLimits = {
  imageMaxBytes: 5 * 1024 * 1024,
  videoMaxBytes: 16 * 1024 * 1024,
  audioMaxBytes: 16 * 1024 * 1024,
  videoMaxSeconds: 60,
}

export function maxBytesFor(kind: StoryMediaKind, limits: StoryLimits): number {
  switch (kind) {
    case 'image':
      return limits.imageMaxBytes
    case 'video':
      return limits.videoMaxBytes
    case 'audio':
      return limits.audioMaxBytes
  }
}

/** The most any file may weigh, whatever it turns out to be: reading stops past it. */
export function largestAllowed(limits: StoryLimits): number {
  return Math.max(limits.imageMaxBytes, limits.videoMaxBytes, limits.audioMaxBytes)
}

/** 5242880 -> "5 MB"; 1572864 -> "1.5 MB". Binary megabytes, as the limits are set. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024)
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`
}
