/** What a story can carry, and how the provider shows it. */
export const STORY_MEDIA_KINDS = ['image', 'video', 'audio'] as const
export type StoryMediaKind = (typeof STORY_MEDIA_KINDS)[number]

/**
 * The media types the provider takes for a story. The type is read from the file's
 * content (its magic bytes), never from its name.
 */
const SUPPORTED: ReadonlyMap<string, StoryMediaKind> = new Map([
  ['image/jpeg', 'image'],
  ['image/png', 'image'],
  ['image/webp', 'image'],
  ['video/mp4', 'video'],
  ['video/3gpp', 'video'],
  ['audio/ogg', 'audio'],
  ['audio/opus', 'audio'],
  ['audio/mpeg', 'audio'],
  ['audio/mp4', 'audio'],
  ['audio/aac', 'audio'],
  ['audio/amr', 'audio'],
])

/** Names content sniffers give to types the provider knows under another name. */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['audio/x-m4a', 'audio/mp4'],
  ['audio/m4a', 'audio/mp4'],
  ['audio/x-aac', 'audio/aac'],
  ['audio/amr-wb', 'audio/amr'],
  ['video/3gpp2', 'video/3gpp'],
])

export const SUPPORTED_STORY_MIME_TYPES: readonly string[] = [...SUPPORTED.keys()]

/** `audio/ogg; codecs=opus` -> `audio/ogg`; aliases mapped to the name the provider uses. */
export function normalizeMimeType(mime: string): string {
  const essence = mime.split(';')[0]!.trim().toLowerCase()
  return ALIASES.get(essence) ?? essence
}

export function storyKindOfMime(mime: string): StoryMediaKind | undefined {
  return SUPPORTED.get(normalizeMimeType(mime))
}
