/** App-wide strings: the name and the about box. */
export default {
  app: {
    name: 'Statusdesk',
    tagline: 'Groups and stories for your messaging account',
  },
  about: {
    open: 'About Statusdesk',
    version: 'Version',
    platform: 'Platform',
    transport: 'Connection to the app service',
    transports: { ipc: 'Desktop (IPC)', web: 'Web mode (local HTTP)', agent: 'Agent (paired device over HTTP)' },
    runtime: 'Runtime',
    close: 'Close',
    loading: 'Loading…',
    failed: 'Could not read the app information: {message}',
    retry: 'Try again',
  },
}
