import type { Catalog } from '../types/catalog'
import type en from '../en/queue'

export default {
  queue: {},
} satisfies Catalog<typeof en>
