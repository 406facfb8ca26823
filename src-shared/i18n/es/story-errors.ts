import type { Catalog } from '../catalog'
import type en from '../en/story-errors'

export default {
  storyErrors: {},
} satisfies Catalog<typeof en>
