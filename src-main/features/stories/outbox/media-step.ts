import type { CopyStoryResult, UploadMediaResult, UploadProgress, UploadSource } from '../../../platform/api'

/** The API client's upload call, when the outbox's publisher has one. */
export interface MediaUploader {
  uploadMedia(
    source: UploadSource,
    options?: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void },
  ): Promise<UploadMediaResult>
}

export function canUpload(publisher: object): publisher is MediaUploader {
  return typeof (publisher as Partial<MediaUploader>).uploadMedia === 'function'
}

/** Which of the two requests a progress report is about. */
export type PublishStep = 'upload' | 'publish'

/**
 * The first step of a media story: the file goes up alone with `POST /media`, so the story
 * request that follows carries only the media id. Nothing is published by it, so a failure
 * here can always be retried. `null`: the server has no `/media`, and the media travels in
 * the story request as before.
 */
export async function uploadStep(
  uploader: MediaUploader,
  source: UploadSource,
  options: { signal: AbortSignal; onProgress: (progress: UploadProgress) => void },
): Promise<string | null> {
  const result = await uploader.uploadMedia(source, options)
  return result.outcome === 'uploaded' ? result.mediaId : null
}

/** The API client's repost call (`PUT /stories/{id}`). */
export interface StoryCopier {
  copyStory(
    id: string,
    audience: { contacts?: string[]; exclude_contacts?: string[] },
    options?: { signal?: AbortSignal },
  ): Promise<CopyStoryResult>
}

export function canCopy(publisher: object): publisher is StoryCopier {
  return typeof (publisher as Partial<StoryCopier>).copyStory === 'function'
}
