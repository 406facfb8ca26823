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

/**
 * The types `POST /media` declares (the provider's spec, requestBodies/UploadMedia, copied
 * into docs/openapi.yaml), spelt as the spec spells them. Anything else may be refused there
 * with 415 even when the story endpoint takes it (image/webp, video/3gpp, audio/opus), so
 * it is not sent to /media at all. AAC is declared as `audio/acc`: until the provider says
 * that means audio/aac, audio/aac counts as undeclared, which costs only a larger story
 * request. The spec's `codecs=opus` key is what is left of `audio/ogg; codecs=opus`, whose
 * type, audio/ogg, is here.
 */
const UPLOAD_DECLARED: ReadonlySet<string> = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.ms-powerpoint',
  'application/vnd.ms-excel',
  'text/plain',
  'image/jpeg',
  'image/png',
  'audio/acc',
  'audio/mp4',
  'audio/amr',
  'audio/mpeg',
  'audio/ogg',
  'video/mp4',
])

export const MEDIA_UPLOAD_TYPES: readonly string[] = [...UPLOAD_DECLARED]

/** Parameters (`; codecs=opus`) and case do not change what the type is. */
export function uploadTypeDeclared(mimeType: string): boolean {
  const essence = mimeType.split(';', 1)[0]!.trim().toLowerCase()
  return UPLOAD_DECLARED.has(essence)
}
