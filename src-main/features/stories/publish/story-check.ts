import { parseStoryRequest } from '@shared/domain/story'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { blockingIssues, checkStory, type StoryIssue } from '@shared/story/checks'
import type { StoryDraft } from '@shared/story/draft'
import type { StoryLimits } from '@shared/story/limits'
import type { MediaGrant } from '@shared/story/media-facts'
import type { StorySummary } from '@shared/story/records'
import { mediaStoryFields, textStoryRequest } from '@shared/story/request'
import { summarizeStory } from '@shared/story/summary'
import type { MediaStore } from '../media/media-store'
import type { StoryPayload } from '../outbox/outbox-item'
import { issuesText } from './issue-messages'

/** A story checked against the rules and the limits, ready to be written into outboxes. */
export interface CheckedStory {
  grant: MediaGrant | null
  /** The granted file each outbox item copies (media stories). */
  mediaPath: string | null
  payload: StoryPayload
  summary: StorySummary
}

/** The story checked against the rules and limits (refused with every problem at once), then built. */
export async function checkDraft(draft: StoryDraft, media: MediaStore, limits: StoryLimits): Promise<CheckedStory> {
  const { grant, mediaPath } = await resolveMedia(draft, media)
  const gone = draft.kind === 'media' && draft.media.grantId !== null && grant === null
  const issues = blockingIssues(checkStory(draft, grant, limits)).map((issue) =>
    // The file was chosen, but main no longer has it (cleaned up, or a draft from another machine).
    gone && issue.code === 'media-missing' ? { ...issue, params: { gone: 1 } } : issue,
  )
  if (issues.length > 0) throw refusal(issues)
  return { grant, mediaPath, payload: buildPayload(draft, grant), summary: summarizeStory(draft, grant) }
}

async function resolveMedia(draft: StoryDraft, media: MediaStore): Promise<{ grant: MediaGrant | null; mediaPath: string | null }> {
  if (draft.kind !== 'media' || draft.media.grantId === null) return { grant: null, mediaPath: null }
  const grant = await media.get(draft.media.grantId)
  const mediaPath = grant ? await media.pathOf(grant.id) : null
  return mediaPath ? { grant, mediaPath } : { grant: null, mediaPath: null }
}

/** Every problem at once: the first as the text, the others' texts in `more`, and the issues themselves for the composer's fields. */
function refusal(issues: StoryIssue[]): AppError {
  const { text, more } = issuesText(issues)
  return new AppError('invalid-argument', text, { issues, more })
}

/** The stored story, checked as the provider takes it: what is sent later is what was checked now. */
function buildPayload(draft: StoryDraft, grant: MediaGrant | null): StoryPayload {
  if (draft.kind === 'text' || grant === null) {
    const parsed = parseStoryRequest(textStoryRequest(draft))
    if (!parsed.success) throw invalidRequest(parsed.issue)
    if ('media' in parsed.data) throw invalidRequest({ path: 'media', message: 'unexpected' })
    return { kind: 'text', request: parsed.data }
  }
  const fields = mediaStoryFields(draft, grant)
  const parsed = parseStoryRequest({ ...fields, media: `data:${grant.mimeType};base64,`, mime_type: grant.mimeType })
  if (!parsed.success) throw invalidRequest(parsed.issue)
  return { kind: 'media', fields: { ...fields }, media: { file: 'media', mimeType: grant.mimeType, size: grant.size } }
}

/** The checks passed but the provider's schema did not: which field and why stay in details, for a report. */
function invalidRequest(issue: { path: string; message: string }): AppError {
  return new AppError('invalid-argument', userText('storyErrors.publish.notAccepted'), { issue })
}
