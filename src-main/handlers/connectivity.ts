import type { Handlers } from './dispatch'
import type { ConnectivityProbe } from '../features/connectivity/connectivity-probe'

export function connectivityHandlers(probe: ConnectivityProbe): Pick<Handlers, 'connectivity:probe'> {
  return {
    'connectivity:probe': ({ accountId }) => probe.probe(accountId),
  }
}
