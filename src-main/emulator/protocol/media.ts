import { MEDIA_UPLOAD_TYPES } from '@shared/story/media-types'

/**
 * What the emulator knows about media: the types a story may carry, how a `media`
 * value is read (URL, data URI or media id) and the media ids it has "uploaded".
 */

export type StoryMediaKind = 'image' | 'video' | 'audio' | 'voice'

/** A real 8x8 JPEG, used wherever the spec wants a base64 JPEG preview. */
export const PREVIEW_JPEG =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAL/xAAVEAEBAAAAAAAAAAAAAAAAAAAAA//EABQBAQAAAAAAAAAAAAAAAAAAAAb/xAAXEQADAQAAAAAAAAAAAAAAAAAAAgMS/9oADAMBAAIRAxEAPwC5TAIQbWjaP//Z'

const STORY_MIME_TYPES: ReadonlyMap<string, StoryMediaKind> = new Map([
  ['image/jpeg', 'image'],
  ['image/png', 'image'],
  ['image/webp', 'image'],
  ['video/mp4', 'video'],
  ['video/3gpp', 'video'],
  // WhatsApp voice notes are Ogg/Opus; other audio is sent as an audio file.
  ['audio/ogg', 'voice'],
  ['audio/opus', 'voice'],
  ['audio/mpeg', 'audio'],
  ['audio/mp4', 'audio'],
  ['audio/aac', 'audio'],
  ['audio/amr', 'audio'],
])

const EXTENSION_MIME: ReadonlyMap<string, string> = new Map([
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['png', 'image/png'],
  ['webp', 'image/webp'],
  ['gif', 'image/gif'],
  ['mp4', 'video/mp4'],
  ['3gp', 'video/3gpp'],
  ['mov', 'video/quicktime'],
  ['ogg', 'audio/ogg'],
  ['opus', 'audio/opus'],
  ['mp3', 'audio/mpeg'],
  ['m4a', 'audio/mp4'],
  ['aac', 'audio/aac'],
  ['amr', 'audio/amr'],
  ['wav', 'audio/wav'],
  ['pdf', 'application/pdf'],
])

/** `type/subtype` without parameters, lower-cased; undefined when not shaped like a mime type. */
export function essence(mime: string): string | undefined {
  const base = mime.split(';', 1)[0]?.trim().toLowerCase() ?? ''
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(base) ? base : undefined
}

/** What POST /media takes: the types the provider's spec declares for it (src-shared/story/media-types.ts). */
export const UPLOAD_MIME_TYPES: ReadonlySet<string> = new Set(MEDIA_UPLOAD_TYPES)

export const storyKindOf = (mime: string): StoryMediaKind | undefined => STORY_MIME_TYPES.get(mime)

export const SUPPORTED_STORY_MIME_TYPES: readonly string[] = [...STORY_MIME_TYPES.keys()]

export function mimeFromPath(pathname: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(pathname)?.[1]?.toLowerCase()
  return extension === undefined ? undefined : EXTENSION_MIME.get(extension)
}

export function extensionOf(mime: string): string {
  for (const [extension, type] of EXTENSION_MIME) if (type === mime) return extension
  return 'bin'
}

export const MEDIA_ID_PATTERN = /^[a-zA-Z0-9]+-[0-9a-fA-F-]+$/

export type MediaReference =
  | { form: 'url'; url: string; mime: string | undefined }
  | { form: 'data-uri'; mime: string | undefined; bytes: Buffer }
  | { form: 'media-id'; id: string }

/**
 * Reads a story's `media` value. Returns a reason string when it is none of the
 * three forms the provider takes.
 */
export function parseMediaReference(value: string): MediaReference | string {
  if (/^data:/i.test(value)) {
    const match = /^data:([^,;]*)((?:;[^,;]*)*);base64,([A-Za-z0-9+/]*={0,2})$/i.exec(value)
    if (match === null) return 'must be a base64 data URI (data:<mime>;base64,<data>)'
    const data = match[3] ?? ''
    if (data.length === 0 || data.length % 4 === 1) return 'holds no valid base64 data'
    return { form: 'data-uri', mime: essence(match[1] ?? ''), bytes: Buffer.from(data, 'base64') }
  }
  if (/^https?:\/\//i.test(value)) {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      return 'is not a valid URL'
    }
    if (url.hostname === '') return 'is not a valid URL'
    return { form: 'url', url: url.href, mime: mimeFromPath(url.pathname) }
  }
  if (MEDIA_ID_PATTERN.test(value)) return { form: 'media-id', id: value }
  return 'must be an http(s) URL, a base64 data URI or a media id'
}

/** Media ids every emulator knows, so tests and the demo can publish by id. */
export const BUILT_IN_MEDIA: Readonly<Record<string, string>> = {
  'jpeg-0a1b2c3d4e5f60718293a4b5': 'image/jpeg',
  'png-1b2c3d4e5f60718293a4b5c6': 'image/png',
  'mp4-2c3d4e5f60718293a4b5c6d7': 'video/mp4',
  'ogg-3d4e5f60718293a4b5c6d7e8': 'audio/ogg',
  'mp3-4e5f60718293a4b5c6d7e8f9': 'audio/mpeg',
  'pdf-5f60718293a4b5c6d7e8f90a': 'application/pdf',
}
