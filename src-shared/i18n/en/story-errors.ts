export default {
  storyErrors: {},
} as const
