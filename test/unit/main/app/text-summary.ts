import type { StorySummary } from '@shared/story/records'

/** A planned text story as the tray and notifications see it: its text, nothing else. */
export function textSummary(text: string): StorySummary {
  return {
    kind: 'text',
    text,
    thumbnail: null,
    background: null,
    color: null,
    font: null,
    audience: { mode: 'everyone', count: null, excluded: 0 },
    mediaBytes: null,
  }
}
