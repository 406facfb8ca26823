import type { Catalog } from '../catalog'
import type en from '../en/group-errors'

export default {
  groupErrors: {},
} satisfies Catalog<typeof en>
