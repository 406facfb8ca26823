import type { StoryIssue } from '@shared/story/checks'
import { formatMegabytes } from '@shared/story/limits'

const KIND_NAMES: Record<string, string> = { image: 'Images', video: 'Videos', audio: 'Audio files' }

/** The user-facing sentence for a media check that failed in main. */
export function describeMediaIssue(issue: StoryIssue): string {
  const p = issue.params ?? {}
  switch (issue.code) {
    case 'media-too-large':
      return `${KIND_NAMES[String(p['kind'])] ?? 'Files'} can be at most ${formatMegabytes(Number(p['max']))}; this one is ${formatMegabytes(Number(p['size']))}. Choose a smaller file, or raise the limit in Settings.`
    case 'video-too-long':
      return `Videos can be at most ${p['max']} seconds long; this one is ${p['seconds']} seconds. Trim it, or raise the limit in Settings.`
    default:
      return 'The media cannot be used for a story.'
  }
}
