import type { StoryIssue } from '@shared/story/checks'
import { formatMegabytes } from '@shared/story/limits'

type Translate = (key: string, params?: Record<string, unknown>, plural?: number) => string

/** The sentence for one check, in the user's language. */
export function issueText(issue: StoryIssue, t: Translate): string {
  const p = issue.params ?? {}
  switch (issue.code) {
    case 'media-missing':
      return t(p['gone'] ? 'story.issues.media-gone' : 'story.issues.media-missing')
    case 'media-too-large':
      return t('story.issues.media-too-large', {
        size: formatMegabytes(Number(p['size'])),
        max: formatMegabytes(Number(p['max'])),
        kind: t(`story.issues.kinds.${String(p['kind'])}`),
      })
    case 'contact-invalid':
      return t('story.issues.contact-invalid', { value: p['value'], count: Number(p['count']) - 1 }, Number(p['count']))
    case 'text-too-long':
    case 'caption-too-long':
      return t(`story.issues.${issue.code}`, p, Number(p['length']))
    case 'too-many-contacts':
      return t('story.issues.too-many-contacts', p, Number(p['max']))
    default:
      return t(`story.issues.${issue.code}`, p)
  }
}
