export default {
  queueErrors: {},
} as const
