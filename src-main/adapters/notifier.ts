import { Notification } from 'electron'
import type { NotifierPort } from '../features/stories/publish/stories-module'

/** System notifications where the desktop has them; silently nothing where it has not. */
export const electronNotifier: NotifierPort = {
  show({ title, body }) {
    if (!Notification.isSupported()) return
    new Notification({ title, body, silent: false }).show()
  },
}
