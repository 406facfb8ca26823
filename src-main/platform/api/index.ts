export { ApiClient, DEFAULT_TIMEOUTS } from './api-client'
export type {
  ApiClientOptions,
  ApiTimeouts,
  PublishOptions,
  PublishStoryResult,
  RequestOptions,
  CopyStoryResult,
  StoriesQuery,
  UploadMediaResult,
  UploadSource,
  ViewStatuses,
} from './api-client'
export { systemClock, type Clock } from './clock'
export type { MediaStoryInput, PublishStoryInput } from './story-body'
export type { FetchLike, UploadProgress } from './exchange'
export type { MediaSource } from './media-source'
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry'
