import { uniqueContacts } from './contacts'
import type { StoryDraft } from './draft'
import type { MediaGrant } from './media-facts'
import type { StorySummary } from './records'
import { audienceSize } from './request'

/** What the outbox and history show of a story, taken from the draft it was published from. */
export function summarizeStory(draft: StoryDraft, media: MediaGrant | null): StorySummary {
  const audience = {
    mode: draft.audience.mode,
    count: audienceSize(draft),
    excluded: draft.audience.mode === 'everyone' ? uniqueContacts(draft.audience.exclude).length : 0,
  }
  if (draft.kind === 'text' || media === null) {
    return {
      kind: 'text',
      text: draft.text.body,
      thumbnail: null,
      background: draft.text.background.toUpperCase(),
      color: draft.text.color.toUpperCase(),
      font: draft.text.font,
      audience,
      mediaBytes: null,
    }
  }
  const audio = media.kind === 'audio'
  return {
    kind: media.kind,
    text: draft.media.caption,
    thumbnail: audio ? null : draft.media.preview,
    background: audio ? draft.media.background.toUpperCase() : null,
    color: null,
    font: null,
    audience,
    mediaBytes: media.size,
  }
}
