import type { StoryNotification } from '@shared/channels/stories'
import { ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { bridge } from '../bridge'

type Permission = NotificationPermission | 'unsupported'

function currentPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}

/**
 * In web mode, shows the browser's notification when a planned or queued story is published
 * or fails, if the user allowed it. The desktop app shows the system's from main instead, so
 * the page stays silent there. The text is what main sent: the caption's start with numbers
 * masked, never the token or the audience.
 */
export function useStoryNotifications() {
  const { t } = useI18n()
  const permission = ref<Permission>(bridge.kind === 'ipc' ? 'unsupported' : currentPermission())

  function words(notification: StoryNotification): { title: string; body: string } {
    const body = t(`schedule.notify.${notification.outcome}Body`)
    return { title: t(`schedule.notify.${notification.outcome}`), body: notification.text ? `“${notification.text}” — ${body}` : body }
  }

  function listen(): () => void {
    return bridge.on('stories:notify', (notification) => {
      if (bridge.kind === 'ipc' || currentPermission() !== 'granted') return
      const { title, body } = words(notification)
      new Notification(title, { body, tag: `statusdesk-${notification.outcome}` })
    })
  }

  async function ask(): Promise<void> {
    if (permission.value === 'unsupported') return
    permission.value = await Notification.requestPermission()
  }

  return { permission, listen, ask, words }
}
