import type { StoryIssue } from '@shared/story/checks'
import { describeMediaIssue } from '../media/media-messages'

const FIELD_NAMES: Record<StoryIssue['field'], string> = {
  text: 'Text',
  background: 'Background colour',
  color: 'Text colour',
  media: 'Media',
  caption: 'Caption',
  contacts: 'Contacts',
  exclude: 'Excluded contacts',
}

function sentence(issue: StoryIssue): string {
  const p = issue.params ?? {}
  switch (issue.code) {
    case 'text-empty':
      return 'a text story needs some text.'
    case 'text-too-long':
    case 'caption-too-long':
      return `at most ${p['max']} characters (now ${p['length']}).`
    case 'color-invalid':
      return `“${p['value']}” is not a colour written #AARRGGBB.`
    case 'background-transparent':
      return 'the background is fully transparent; pick a visible colour.'
    case 'contrast-low':
      return `the text is hard to read on this background (contrast ${p['ratio']}:1).`
    case 'media-missing':
      return p['gone'] ? 'the chosen file is no longer available; choose it again.' : 'choose an image, a video or an audio file.'
    case 'media-too-large':
    case 'video-too-long':
      return describeMediaIssue(issue)
    case 'preview-invalid':
      return 'the preview picture is not a small JPEG.'
    case 'contacts-empty':
      return 'choose at least one contact, or publish to everyone.'
    case 'contact-invalid':
      return `“${p['value']}” is not a phone number of 7 to 15 digits (country code first).`
    case 'too-many-contacts':
      return `at most ${p['max']} contacts.`
  }
}

/** One message for the whole refusal; the renderer shows each issue by its field from `details.issues`. */
export function describeIssues(issues: readonly StoryIssue[]): string {
  const lines = issues.slice(0, 3).map((issue) => `${FIELD_NAMES[issue.field]}: ${sentence(issue)}`)
  return `The story was not sent. ${lines.join(' ')}`
}
