export default {
  mediaErrors: {},
} as const
