import type { Catalog } from '../types/catalog'
import type en from '../en/queue-errors'

export default {
  queueErrors: {},
} satisfies Catalog<typeof en>
