import type { StoryIssue } from '@shared/story/checks'
import { userText, type UserText } from '@shared/i18n/user-text'
import { describeMediaIssue } from '../media/media-messages'

const num = (value: unknown): number => Number(value) || 0
const str = (value: unknown): string => String(value ?? '')

/** One problem of a refused story as a whole sentence that names its field, so it reads on its own. */
export function issueText(issue: StoryIssue): UserText {
  const p = issue.params ?? {}
  switch (issue.code) {
    case 'text-empty':
      return userText('storyErrors.issues.textEmpty')
    case 'text-too-long':
      return userText('storyErrors.issues.textTooLong', { length: num(p['length']), max: num(p['max']) })
    case 'caption-too-long':
      return userText('storyErrors.issues.captionTooLong', { length: num(p['length']), max: num(p['max']) })
    case 'color-invalid':
      return issue.field === 'background'
        ? userText('storyErrors.issues.backgroundInvalid', { value: str(p['value']) })
        : userText('storyErrors.issues.colorInvalid', { value: str(p['value']) })
    case 'background-transparent':
      return userText('storyErrors.issues.backgroundTransparent')
    case 'contrast-low':
      return userText('storyErrors.issues.contrastLow', { ratio: num(p['ratio']) })
    case 'media-missing':
      return p['gone'] ? userText('storyErrors.issues.mediaGone') : userText('storyErrors.issues.mediaMissing')
    case 'media-too-large':
    case 'video-too-long':
      return describeMediaIssue(issue)
    case 'preview-invalid':
      return userText('storyErrors.issues.previewInvalid')
    case 'contacts-empty':
      return userText('storyErrors.issues.contactsEmpty')
    case 'contact-invalid': {
      // `count` is how many other entries are wrong too: none picks the sentence about one.
      const params = { value: str(p['value']), count: Math.max(0, num(p['count']) - 1) }
      return issue.field === 'exclude'
        ? userText('storyErrors.issues.excludedInvalid', params)
        : userText('storyErrors.issues.contactInvalid', params)
    }
    case 'too-many-contacts':
      return issue.field === 'exclude'
        ? userText('storyErrors.issues.tooManyExcluded', { max: num(p['max']) })
        : userText('storyErrors.issues.tooManyContacts', { max: num(p['max']) })
  }
}

/**
 * A refusal for several problems at once: the first is the error's text (what the renderer
 * shows when it shows one line); `more` holds the others' texts, in field order.
 */
export function issuesText(issues: readonly StoryIssue[]): { text: UserText; more: UserText[] } {
  const [first, ...rest] = issues.map(issueText)
  return { text: first ?? userText('storyErrors.publish.notAccepted'), more: rest }
}
