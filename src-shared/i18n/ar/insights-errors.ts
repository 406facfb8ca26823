import type { Catalog } from '../types/catalog'
import type en from '../en/insights-errors'

export default {
  insightsErrors: {},
} satisfies Catalog<typeof en>
