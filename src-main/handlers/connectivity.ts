import type { Handlers } from '../dispatch'
import type { ConnectivityProbe } from '../services/connectivity-probe'

export function connectivityHandlers(probe: ConnectivityProbe): Pick<Handlers, 'connectivity:probe'> {
  return {
    'connectivity:probe': () => probe.probe(),
  }
}
