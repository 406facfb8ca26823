import { ARGB_COLOR_PATTERN, isTransparentArgb } from '../domain/colors'
import { STORY_CAPTION_MAX, captionLength } from '../domain/story'
import { normalizeContact } from './contacts'
import { MIN_STORY_CONTRAST, storyTextContrast } from './contrast'
import type { StoryDraft } from './draft'
import { PREVIEW_PATTERN } from './draft'
import { maxBytesFor, type StoryLimits } from './limits'
import type { MediaGrant } from './media-facts'

/** The composer's fields, so each problem is said next to the one it is about. */
export type StoryField = 'text' | 'background' | 'color' | 'media' | 'caption' | 'contacts' | 'exclude'

export type StoryIssueCode =
  | 'text-empty'
  | 'text-too-long'
  | 'color-invalid'
  | 'background-transparent'
  | 'contrast-low'
  | 'media-missing'
  | 'media-too-large'
  | 'video-too-long'
  | 'caption-too-long'
  | 'preview-invalid'
  | 'contacts-empty'
  | 'contact-invalid'
  | 'too-many-contacts'

export interface StoryIssue {
  field: StoryField
  code: StoryIssueCode
  /** Errors stop publishing; warnings are said and let through. */
  severity: 'error' | 'warning'
  params?: Record<string, string | number>
}

/** The provider takes no more than this many contacts in one audience list. */
export const MAX_AUDIENCE_CONTACTS = 5000

const error = (field: StoryField, code: StoryIssueCode, params?: StoryIssue['params']): StoryIssue =>
  params ? { field, code, severity: 'error', params } : { field, code, severity: 'error' }

function checkColor(field: 'background' | 'color', value: string, issues: StoryIssue[]): boolean {
  if (ARGB_COLOR_PATTERN.test(value)) return true
  issues.push(error(field, 'color-invalid', { value }))
  return false
}

function checkText(draft: StoryDraft, issues: StoryIssue[]): void {
  const { body, background, color } = draft.text
  if (body.trim() === '') issues.push(error('text', 'text-empty'))
  else if (captionLength(body) > STORY_CAPTION_MAX)
    issues.push(error('text', 'text-too-long', { max: STORY_CAPTION_MAX, length: captionLength(body) }))
  const backgroundOk = checkColor('background', background, issues)
  const colorOk = checkColor('color', color, issues)
  if (backgroundOk && isTransparentArgb(background)) issues.push(error('background', 'background-transparent'))
  else if (backgroundOk && colorOk) {
    const ratio = storyTextContrast(color, background)
    if (ratio < MIN_STORY_CONTRAST) {
      issues.push({
        field: 'color',
        code: 'contrast-low',
        severity: 'warning',
        params: { ratio: Math.round(ratio * 10) / 10, min: MIN_STORY_CONTRAST },
      })
    }
  }
}

/** The checks a granted file must pass under the current limits (main runs them too). */
export function checkMedia(media: MediaGrant, limits: StoryLimits): StoryIssue[] {
  const issues: StoryIssue[] = []
  const max = maxBytesFor(media.kind, limits)
  if (media.size > max) issues.push(error('media', 'media-too-large', { kind: media.kind, size: media.size, max }))
  if (media.kind === 'video' && media.seconds !== null && media.seconds > limits.videoMaxSeconds)
    issues.push(error('media', 'video-too-long', { seconds: media.seconds, max: limits.videoMaxSeconds }))
  return issues
}

function checkMediaStory(draft: StoryDraft, media: MediaGrant | null, limits: StoryLimits, issues: StoryIssue[]): void {
  if (media === null) {
    issues.push(error('media', 'media-missing'))
  } else {
    issues.push(...checkMedia(media, limits))
    if (media.kind === 'audio') checkColor('background', draft.media.background, issues)
  }
  const { caption, preview } = draft.media
  if (captionLength(caption) > STORY_CAPTION_MAX)
    issues.push(error('caption', 'caption-too-long', { max: STORY_CAPTION_MAX, length: captionLength(caption) }))
  if (preview !== null && !PREVIEW_PATTERN.test(preview)) issues.push(error('media', 'preview-invalid'))
}

function checkContactList(field: 'contacts' | 'exclude', list: readonly string[], issues: StoryIssue[]): void {
  const bad = list.filter((entry) => normalizeContact(entry) === null)
  if (bad.length > 0) issues.push(error(field, 'contact-invalid', { value: bad[0]!, count: bad.length }))
  if (list.length > MAX_AUDIENCE_CONTACTS) issues.push(error(field, 'too-many-contacts', { max: MAX_AUDIENCE_CONTACTS }))
}

function checkAudience(draft: StoryDraft, issues: StoryIssue[]): void {
  const { mode, contacts, exclude } = draft.audience
  if (mode === 'contacts') {
    if (contacts.length === 0) issues.push(error('contacts', 'contacts-empty'))
    checkContactList('contacts', contacts, issues)
  } else {
    checkContactList('exclude', exclude, issues)
  }
}

/**
 * Every check a story must pass before anything is sent, in field order. The renderer runs
 * them as the user types; main runs them again on what it is asked to publish.
 * `media` is the grant the draft names (null when none or unknown).
 */
export function checkStory(draft: StoryDraft, media: MediaGrant | null, limits: StoryLimits): StoryIssue[] {
  const issues: StoryIssue[] = []
  if (draft.kind === 'text') checkText(draft, issues)
  else checkMediaStory(draft, media, limits, issues)
  checkAudience(draft, issues)
  return issues
}

export function blockingIssues(issues: readonly StoryIssue[]): StoryIssue[] {
  return issues.filter((issue) => issue.severity === 'error')
}
