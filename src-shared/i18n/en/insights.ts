export default {
  insights: {},
} as const
