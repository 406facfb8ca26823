import type { Catalog } from '../catalog'
import type en from '../en/desktop'

export default {
  desktop: {},
} satisfies Catalog<typeof en>
