import type { MediaGrant } from '@shared/story/media-facts'
import { withOwnSrc } from '../../composables/useOwnSrc'

/** Longest side of the small JPEG the provider shows while the media loads. */
const PREVIEW_SIDE = 96
const PREVIEW_QUALITY = 0.6
const LOAD_TIMEOUT_MS = 8000

function waitFor(target: EventTarget, ok: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), LOAD_TIMEOUT_MS)
    target.addEventListener(ok, () => (clearTimeout(timer), resolve()), { once: true })
    target.addEventListener('error', () => (clearTimeout(timer), reject(new Error('failed to load'))), { once: true })
  })
}

function draw(source: CanvasImageSource, width: number, height: number): string | null {
  if (!width || !height) return null
  const scale = Math.min(1, PREVIEW_SIDE / Math.max(width, height))
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(width * scale))
  canvas.height = Math.max(1, Math.round(height * scale))
  const context = canvas.getContext('2d')
  if (!context) return null
  context.drawImage(source, 0, 0, canvas.width, canvas.height)
  return canvas.toDataURL('image/jpeg', PREVIEW_QUALITY)
}

/**
 * Draws the small JPEG `preview` of a granted picture or video from its copy on our own
 * origin (so the canvas is not tainted). Null for audio, or when the media cannot be drawn.
 */
export function makePreview(grant: MediaGrant): Promise<string | null> {
  return withOwnSrc(grant.url, (src) => (src ? drawPreview(grant, src) : Promise.resolve(null)))
}

async function drawPreview(grant: MediaGrant, src: string): Promise<string | null> {
  try {
    if (grant.kind === 'image') {
      const image = new Image()
      image.src = src
      await image.decode()
      return draw(image, image.naturalWidth, image.naturalHeight)
    }
    if (grant.kind === 'video') {
      const video = document.createElement('video')
      video.muted = true
      video.preload = 'auto'
      video.src = src
      await waitFor(video, 'loadeddata')
      video.currentTime = Math.min(0.5, (video.duration || 1) / 2)
      await waitFor(video, 'seeked')
      const preview = draw(video, video.videoWidth, video.videoHeight)
      video.removeAttribute('src')
      video.load()
      return preview
    }
  } catch {
    // A preview is optional: the story goes without one.
  }
  return null
}
