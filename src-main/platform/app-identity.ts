import type { AppInfo } from '@shared/channels/app'

/** What the app says of itself: its name, version and where it runs (About, diagnostics). */
export interface AppIdentity {
  name: string
  version: string
  platform: string
  arch: string
  versions: AppInfo['versions']
  systemLanguages?: string[]
}
