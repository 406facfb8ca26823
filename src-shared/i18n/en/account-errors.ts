export default {
  accountErrors: {},
} as const
