import { dialog } from 'electron'
import { quitQuestion } from '../app/tray-menu'
import type { Say } from '../platform/i18n/translator'

/** Asks, with a native dialog in the current language, whether to quit while stories are scheduled. True to quit. */
export function confirmQuitWithScheduled(count: number, say: Say): boolean {
  const question = quitQuestion(count)
  const choice = dialog.showMessageBoxSync({
    type: 'question',
    buttons: [say(question.keepRunning), say(question.quit)],
    defaultId: 0,
    cancelId: 0,
    message: say(question.message),
    detail: say(question.detail),
  })
  return choice === 1
}
