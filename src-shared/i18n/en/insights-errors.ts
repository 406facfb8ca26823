export default {
  insightsErrors: {},
} as const
