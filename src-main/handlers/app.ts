import type { AppIdentity } from '../platform/app-identity'
import type { Handlers } from './dispatch'

export function appHandlers(identity: AppIdentity): Pick<Handlers, 'app:info'> {
  return {
    'app:info': (_arg, ctx) => ({ ...identity, transport: ctx.transport }),
  }
}
