import type { StoryNotification } from '@shared/channels/outbox'
import { ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { bridge } from '../bridge'
import { isolatedName } from '../format/people'

type Permission = NotificationPermission | 'unsupported'

function currentPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}

/**
 * In web mode, shows the browser's notification when a planned or queued story is published
 * or fails, if the user allowed it. The desktop app shows the system's from main instead, so
 * the page stays silent there. The text is what main sent: the caption's start with numbers
 * masked, never the token or the audience; the title names the account when main said which,
 * since with several accounts the story alone does not say where it went.
 */
export function useStoryNotifications() {
  const { t } = useI18n()
  const permission = ref<Permission>(bridge.kind === 'ipc' ? 'unsupported' : currentPermission())

  function words(notification: StoryNotification): { title: string; body: string } {
    const body = t(`schedule.notify.${notification.outcome}Body`)
    const title = notification.account
      ? t(`schedule.notify.onAccount.${notification.outcome}`, { account: isolatedName(notification.account) })
      : t(`schedule.notify.${notification.outcome}`)
    return { title, body: notification.text ? `“${notification.text}” — ${body}` : body }
  }

  function listen(): () => void {
    return bridge.on('stories:notify', (notification) => {
      if (bridge.kind === 'ipc' || currentPermission() !== 'granted') return
      const { title, body } = words(notification)
      // One notification per outcome and account: a second account's news does not replace the first's.
      const tag = notification.account ? `statusdesk-${notification.outcome}-${notification.account}` : `statusdesk-${notification.outcome}`
      new Notification(title, { body, tag })
    })
  }

  async function ask(): Promise<void> {
    if (permission.value === 'unsupported') return
    permission.value = await Notification.requestPermission()
  }

  return { permission, listen, ask, words }
}
