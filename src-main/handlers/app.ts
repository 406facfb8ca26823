import type { AppInfo } from '@shared/channels/app'
import type { Handlers } from './dispatch'

export interface AppIdentity {
  name: string
  version: string
  platform: string
  arch: string
  versions: AppInfo['versions']
  systemLanguages?: string[]
}

export function appHandlers(identity: AppIdentity): Pick<Handlers, 'app:info'> {
  return {
    'app:info': (_arg, ctx) => ({ ...identity, transport: ctx.transport }),
  }
}
