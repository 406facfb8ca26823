export default {
  queue: {},
} as const
