import type { Catalog } from '../catalog'
import type en from '../en/media-errors'

export default {
  mediaErrors: {},
} satisfies Catalog<typeof en>
