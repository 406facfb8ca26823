import type { StoryNotification } from '@shared/channels/outbox'
import { userText, type UserText } from '@shared/i18n/user-text'
import type { StorySummary } from '@shared/story/records'
import { redactText } from '../../../platform/log/log-redaction'

/** Shows a system notification (Electron's Notification on the desktop), saying its texts in the user's language. */
export interface NotifierPort {
  show(text: { title: UserText; body: UserText }): void
}

/** Enough of the caption to recognise the story on a lock screen, and no more. */
const SNIPPET_CHARS = 60

/**
 * What a notification about a story may say. A notification is shown on screens others may
 * see and kept by the system, so it names the story by the start of its caption with every
 * phone number, chat id and token-like string masked (the log redaction rules), and never
 * the audience's numbers or the server's error text.
 */
export function storyNotification(
  outcome: StoryNotification['outcome'],
  summary: StorySummary,
  options: { account?: string; secrets?: Iterable<string> } = {},
): StoryNotification {
  const clean = redactText(summary.text.replace(/\s+/g, ' ').trim(), options.secrets ?? [])
  const text = clean.length > SNIPPET_CHARS ? `${clean.slice(0, SNIPPET_CHARS - 1).trimEnd()}…` : clean
  // The account's own name, masked like the caption: a label may be a phone number.
  return { outcome, text, ...(options.account && { account: redactText(options.account, options.secrets ?? []) }) }
}

/**
 * The desktop notification's words, as keys: the title names the account when main said which,
 * and the body quotes the start of the caption when there is one. Main renders them in the
 * user's language when it shows the notification.
 */
export function notificationText(notification: StoryNotification): { title: UserText; body: UserText } {
  const { outcome, account, text } = notification
  return {
    title: account
      ? userText(`desktop.notifications.${outcome}.titleOnAccount`, { account })
      : userText(`desktop.notifications.${outcome}.title`),
    body: text
      ? userText(`desktop.notifications.${outcome}.bodyWithCaption`, { caption: text })
      : userText(`desktop.notifications.${outcome}.body`),
  }
}
