import type { MediaStoryRequest, TextStoryRequest } from '../domain/story'
import { uniqueContacts } from './contacts'
import type { StoryDraft } from './draft'
import type { MediaGrant } from './media-facts'

/** A media story's fields; the media itself is attached by main from the granted file. */
export type MediaStoryFields = Omit<MediaStoryRequest, 'media' | 'mime_type'>

/** Who sees it: everyone (less any excluded), or only the chosen contacts. */
export function audienceFields(draft: StoryDraft): Pick<TextStoryRequest, 'contacts' | 'exclude_contacts'> {
  const { mode, contacts, exclude } = draft.audience
  if (mode === 'contacts') return { contacts: uniqueContacts(contacts) }
  const excluded = uniqueContacts(exclude)
  return excluded.length > 0 ? { exclude_contacts: excluded } : {}
}

/** How many contacts the story is limited to; null for everyone. */
export function audienceSize(draft: StoryDraft): number | null {
  return draft.audience.mode === 'contacts' ? uniqueContacts(draft.audience.contacts).length : null
}

export function textStoryRequest(draft: StoryDraft): TextStoryRequest {
  return {
    caption: draft.text.body,
    background_color: draft.text.background.toUpperCase(),
    caption_color: draft.text.color.toUpperCase(),
    font_type: draft.text.font,
    ...audienceFields(draft),
  }
}

export function mediaStoryFields(draft: StoryDraft, media: MediaGrant): MediaStoryFields {
  const caption = draft.media.caption.trim() === '' ? undefined : draft.media.caption
  const visual = media.kind !== 'audio'
  return {
    ...(caption !== undefined && { caption }),
    ...(visual && draft.media.preview !== null && { preview: draft.media.preview }),
    ...(visual && media.width !== null && { width: media.width }),
    ...(visual && media.height !== null && { height: media.height }),
    ...(media.kind !== 'image' && media.seconds !== null && { seconds: media.seconds }),
    ...(media.kind === 'audio' && { background_color: draft.media.background.toUpperCase() }),
    ...audienceFields(draft),
  }
}
