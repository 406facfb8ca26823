import type { Catalog } from '../catalog'
import type en from '../en/api-errors'

export default {
  apiErrors: {},
} satisfies Catalog<typeof en>
