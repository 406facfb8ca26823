import type { Catalog } from '../catalog'
import type en from '../en/notices'

export default {
  notices: {},
} satisfies Catalog<typeof en>
