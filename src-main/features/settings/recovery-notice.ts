import type { FileRecovery } from '@shared/channels/settings'
import { type UserText, userText } from '@shared/i18n/user-text'

/**
 * What the user is told when the settings or accounts store was recovered at start-up: whether
 * a copy of the file as it was is kept (and its name), or the store lives in memory for this
 * run. Why it could not be read stays in the recovery itself and the log.
 */
export function recoveryNotice(item: FileRecovery): UserText {
  if (item.file === 'settings')
    return item.movedTo
      ? userText('notices.recovery.settingsCopied', { file: item.movedTo })
      : userText('notices.recovery.settingsInMemory')
  return item.movedTo ? userText('notices.recovery.accountsCopied', { file: item.movedTo }) : userText('notices.recovery.accountsInMemory')
}
