export default {
  apiErrors: {},
} as const
