import type { Catalog } from '../catalog'
import type en from '../en/account-errors'

export default {
  accountErrors: {},
} satisfies Catalog<typeof en>
