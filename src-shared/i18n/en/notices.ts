export default {
  notices: {},
} as const
