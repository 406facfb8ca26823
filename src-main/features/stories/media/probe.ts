import { createReadStream } from 'node:fs'
import { AppError } from '@shared/errors'
import { type UserText, userText } from '@shared/i18n/user-text'
import { normalizeMimeType, storyKindOfMime, SUPPORTED_STORY_MIME_TYPES, type StoryMediaKind } from '@shared/story/media-types'

// The readers of types, images, videos and sound are loaded when a file is first probed, not
// at start: most sessions never attach media, and together they hold about 20 MB of memory.
const fileType = () => import('file-type')
const imageSize = () => import('image-size/fromFile')
const mp4box = () => import('mp4box')
const musicMetadata = () => import('music-metadata')

/** What reading a file's content tells about it. */
export interface MediaProbe {
  kind: StoryMediaKind
  mimeType: string
  width: number | null
  height: number | null
  seconds: number | null
}

/** The formats a story takes, as the texts list them. */
const FORMATS = { images: 'JPEG, PNG, WebP', videos: 'MP4, 3GP', audio: 'MP3, M4A, AAC, OGG/Opus, AMR' }

const unsupported = (text: UserText) => new AppError('unsupported-media', text, { supported: SUPPORTED_STORY_MIME_TYPES })

/** Reads the file's type from its content (never its name), then its size in pixels or seconds. */
export async function probeMedia(path: string): Promise<MediaProbe> {
  const detected = await (await fileType()).fileTypeFromFile(path)
  if (!detected) throw unsupported(userText('mediaErrors.probe.unrecognised', FORMATS))
  const mimeType = normalizeMimeType(detected.mime)
  const kind = storyKindOfMime(mimeType)
  if (!kind) throw unsupported(userText('mediaErrors.probe.wrongType', { ...FORMATS, format: detected.ext.toUpperCase(), type: mimeType }))
  switch (kind) {
    case 'image':
      return { kind, mimeType, ...(await imageDimensions(path)), seconds: null }
    case 'video':
      return { kind, mimeType, ...(await videoFacts(path)) }
    case 'audio':
      return { kind, mimeType, width: null, height: null, seconds: await audioSeconds(path) }
  }
}

async function imageDimensions(path: string): Promise<{ width: number; height: number }> {
  const { imageSizeFromFile } = await imageSize()
  try {
    const size = await imageSizeFromFile(path)
    // EXIF orientations 5-8 turn the picture a quarter: the viewer sees it the other way round.
    const turned = size.orientation !== undefined && size.orientation >= 5
    if (size.width && size.height) return turned ? { width: size.height, height: size.width } : { width: size.width, height: size.height }
  } catch {
    // Reported below as an unreadable image.
  }
  throw new AppError('unsupported-media', userText('mediaErrors.probe.imageDamaged'))
}

/** MP4 and 3GP are both ISO media files: their `moov` box holds the length and the frame size. */
async function videoFacts(path: string): Promise<{ width: number | null; height: number | null; seconds: number }> {
  const { createFile, MP4BoxBuffer } = await mp4box()
  const file = createFile()
  let info: { duration: number; timescale: number; width: number | null; height: number | null } | null = null
  let failure: unknown = null
  file.onReady = (ready) => {
    const video = ready.videoTracks[0]
    info = {
      duration: ready.duration,
      timescale: ready.timescale,
      width: video?.video?.width || video?.track_width || null,
      height: video?.video?.height || video?.track_height || null,
    }
  }
  file.onError = (_module, message) => {
    failure = message
  }
  let offset = 0
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    const copy = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength) as ArrayBuffer
    file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, offset))
    offset += chunk.byteLength
    if (info || failure) break
  }
  file.flush()
  const found = info as { duration: number; timescale: number; width: number | null; height: number | null } | null
  if (!found || !found.timescale) throw new AppError('unsupported-media', userText('mediaErrors.probe.videoDamaged'))
  return {
    width: found.width,
    height: found.height,
    seconds: wholeSeconds(found.duration / found.timescale),
  }
}

async function audioSeconds(path: string): Promise<number | null> {
  try {
    const { parseFile } = await musicMetadata()
    const metadata = await parseFile(path, { duration: true, skipCovers: true })
    const duration = metadata.format.duration
    return duration === undefined || !Number.isFinite(duration) ? null : wholeSeconds(duration)
  } catch {
    throw new AppError('unsupported-media', userText('mediaErrors.probe.audioDamaged'))
  }
}

/** Rounded to the nearest second, as players show it; anything audible counts as at least one. */
function wholeSeconds(duration: number): number {
  return duration > 0 ? Math.max(1, Math.round(duration)) : 0
}
