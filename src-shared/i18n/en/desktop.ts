export default {
  desktop: {},
} as const
