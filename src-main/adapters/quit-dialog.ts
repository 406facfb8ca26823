import { dialog } from 'electron'
import { quitQuestion } from '../app/tray-menu'

/** Asks, with a native dialog, whether to quit while stories are scheduled. True to quit. */
export function confirmQuitWithScheduled(count: number): boolean {
  const { message, detail } = quitQuestion(count)
  const choice = dialog.showMessageBoxSync({
    type: 'question',
    buttons: ['Keep running', 'Quit'],
    defaultId: 0,
    cancelId: 0,
    message,
    detail,
  })
  return choice === 1
}
