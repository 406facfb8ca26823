export {
  PICTURE_TYPES,
  PictureDownloadError,
  downloadPicture,
  isPictureUrl,
  type FetchLike,
} from './download'
export { PICTURE_FILE } from './picture-manifest'
export { pictureProtocolRoute, pictureWebRoute, type PictureSourceResolver } from './picture-routes'
export {
  DEFAULT_PICTURE_CONCURRENCY,
  PICTURES_DIR,
  PICTURES_URL_PREFIX,
  PictureStore,
  type PictureStoreOptions,
  type PictureSyncOptions,
  type PictureSyncResult,
} from './picture-store'
