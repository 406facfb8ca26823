import { type UserText, userText } from '@shared/i18n/user-text'
import type { StoryIssue } from '@shared/story/checks'

/** What the user reads for a media check that failed in main; sizes are raw bytes, shown in the reader's units. */
export function describeMediaIssue(issue: StoryIssue): UserText {
  const p = issue.params ?? {}
  switch (issue.code) {
    case 'media-too-large': {
      const sizes = { limit: Number(p['max']), size: Number(p['size']) }
      if (p['kind'] === 'image') return userText('mediaErrors.check.imageTooLarge', sizes)
      if (p['kind'] === 'video') return userText('mediaErrors.check.videoTooLarge', sizes)
      if (p['kind'] === 'audio') return userText('mediaErrors.check.audioTooLarge', sizes)
      return userText('mediaErrors.file.tooLarge', { limit: sizes.limit })
    }
    case 'video-too-long':
      return userText('mediaErrors.check.videoTooLong', { count: Number(p['max']), seconds: Number(p['seconds']) })
    default:
      return userText('mediaErrors.check.unusable')
  }
}
