export default {
  groupErrors: {},
} as const
