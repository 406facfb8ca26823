import type { UploadProgress, UploadSource } from '../../../platform/api'
import type { StoryPublisher } from './outbox-core'

/**
 * The first step of a media story: the file goes up alone with `POST /media`, so the story
 * request that follows carries only the media id. Nothing is published by it, so a failure
 * here can always be retried. `null`: the server has no `/media` (or does not take this
 * type there), and the media travels in the story request as before.
 */
export async function uploadStep(
  publisher: StoryPublisher,
  source: UploadSource,
  options: { signal: AbortSignal; onProgress: (progress: UploadProgress) => void },
): Promise<string | null> {
  const result = await publisher.uploadMedia(source, options)
  return result.outcome === 'uploaded' ? result.mediaId : null
}
