import { Notification } from 'electron'
import type { Say } from '../platform/i18n/translator'
import type { NotifierPort } from '../features/stories/publish/stories-module'

/** System notifications where the desktop has them, in the language current when shown; silently nothing where it has not. */
export function electronNotifier(say: Say): NotifierPort {
  return {
    show({ title, body }) {
      if (!Notification.isSupported()) return
      new Notification({ title: say(title), body: say(body), silent: false }).show()
    },
  }
}
