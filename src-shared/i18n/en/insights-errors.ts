/** What main says about insights: the time zone the figures are counted in, the account asked for, the CSV export. */
export default {
  insightsErrors: {
    timeZone: 'The time zone {zone} is not known on this computer. Choose another one.',
    noAccount: 'This account is no longer open, so its insights cannot be read.',
    storyNotFound: 'This story is not among the account’s insights: it may be older than the days Statusdesk keeps.',
    export: {
      title: 'Export insights',
      notWritten: 'The file could not be written. Choose another folder and try again.',
      agentAway:
        'The agent at {url} does not answer, so the accounts that run on it cannot be exported as they are now. Nothing was written: try again when the agent answers.',
    },
  },
} as const
