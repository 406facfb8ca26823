export { PictureDownloadError, downloadPicture } from './download'
export { pictureProtocolRoute, pictureWebRoute, type PictureSourceResolver } from './picture-routes'
export { PICTURES_DIR, PictureStore, type PictureNet } from './picture-store'
