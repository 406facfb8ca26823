/**
 * The types `POST /media` declares (the provider's spec, requestBodies/UploadMedia, copied
 * into docs/openapi.yaml), spelt as the spec spells them. Anything else may be refused there
 * with 415 even when the story endpoint takes it (image/webp, video/3gpp, audio/opus), so
 * it is not sent to /media at all. AAC is declared as `audio/acc`: until the provider says
 * that means audio/aac, audio/aac counts as undeclared, which costs only a larger story
 * request. The spec's `codecs=opus` key is what is left of `audio/ogg; codecs=opus`, whose
 * type, audio/ogg, is here.
 */
const DECLARED: ReadonlySet<string> = new Set([
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

export const MEDIA_UPLOAD_TYPES: readonly string[] = [...DECLARED]

/** Parameters (`; codecs=opus`) and case do not change what the type is. */
export function uploadTypeDeclared(mimeType: string): boolean {
  const essence = mimeType.split(';', 1)[0]!.trim().toLowerCase()
  return DECLARED.has(essence)
}
