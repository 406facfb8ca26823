/**
 * undici's Agent and its request API, loaded without the package's index. The index brings
 * fetch, WebSocket, the cache, the mocks and the interceptors too: about 14 MB of a thread's
 * memory against 4.5 MB for these parts (measured in a fresh Node process, each loaded and
 * used for 200 GETs). The picture worker needs only these, and main gets the very same
 * classes when it loads the index for fetch (one module cache), so its Agents serve fetch too.
 * The paths are undici's own files; its version is pinned in package-lock.json, and the
 * worker's tests load them.
 */
import type { Agent as UndiciAgent } from 'undici'
import AgentModule from 'undici/lib/dispatcher/agent.js'
import DispatcherModule from 'undici/lib/dispatcher/dispatcher.js'
import request from 'undici/lib/api/api-request.js'

// What undici's index does for every dispatcher (`Object.assign(Dispatcher.prototype, api)`), for `request` alone.
if (!('request' in DispatcherModule.prototype)) Object.assign(DispatcherModule.prototype, { request })

export const Agent = AgentModule as typeof UndiciAgent
export type Agent = UndiciAgent
