import type { Catalog } from '../types/catalog'
import type en from '../en/insights'

export default {
  insights: {},
} satisfies Catalog<typeof en>
