import type { Handlers } from './dispatch'
import type { SettingsService } from '../features/settings/settings-service'

export function settingsHandlers(settings: SettingsService): Pick<Handlers, 'settings:get' | 'settings:status' | 'settings:update'> {
  return {
    'settings:get': () => settings.get(),
    'settings:status': () => settings.status(),
    'settings:update': (patch) => settings.update(patch),
  }
}
