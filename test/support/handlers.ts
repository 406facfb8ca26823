import { AppError } from '@shared/errors'
import type { Handlers } from '../../src-main/handlers/dispatch'
import { appHandlers } from '../../src-main/handlers/app'
import { userText } from '@shared/i18n/user-text'

export const TEST_IDENTITY = {
  name: 'Statusdesk',
  version: '9.9.9',
  platform: 'linux',
  arch: 'x64',
  versions: { node: '20.0.0' },
}

/** The real app handlers, with app:info swappable to make it fail in chosen ways. */
export function testHandlers(overrides: Partial<Handlers> = {}): Handlers {
  return { ...appHandlers(TEST_IDENTITY), ...overrides } as Handlers
}

export const failing = {
  appError: () => {
    throw new AppError('unauthorized', userText('apiErrors.http.unauthorized'))
  },
  leaky: () => {
    throw new Error('ECONNREFUSED while using token sk_live_SECRET123 at /home/me/.config')
  },
}
