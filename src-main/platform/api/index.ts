export { ApiClient } from './api-client'
export {
  DEFAULT_TIMEOUTS,
  type ApiClientOptions,
  type ApiTimeouts,
  type PublishOptions,
  type RequestOptions,
} from './client-core'
export type { CopyStoryResult, PublishStoryResult } from './stories'
export type { StoriesQuery, ViewStatuses } from './story-feed'
export type { UploadMediaResult, UploadSource } from './media-upload'
export { systemClock, type Clock } from './clock'
export type { MediaStoryInput, PublishStoryInput } from './story-body'
export type { FetchLike, UploadProgress } from './exchange'
export type { MediaSource } from './media-source'
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry'
