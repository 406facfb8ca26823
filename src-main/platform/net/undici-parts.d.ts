// undici's own files, loaded one by one (see undici-agent.ts); their types are the index's.
declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici'
  const AgentClass: typeof Agent
  export default AgentClass
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  import type { Dispatcher } from 'undici'
  const DispatcherClass: typeof Dispatcher
  export default DispatcherClass
}
declare module 'undici/lib/api/api-request.js' {
  const request: (...args: unknown[]) => unknown
  export default request
}
