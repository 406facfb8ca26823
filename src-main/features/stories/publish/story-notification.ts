import type { StoryNotification } from '@shared/channels/outbox'
import type { StorySummary } from '@shared/story/records'
import { redactText } from '../../../platform/log/log-redaction'

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

const TITLES: Record<StoryNotification['outcome'], string> = {
  published: 'Story published',
  failed: 'Story not published',
  unknown: 'Story outcome unknown',
  missed: 'A planned story missed its time',
}

const BODIES: Record<StoryNotification['outcome'], string> = {
  published: 'Your scheduled or queued story is live.',
  failed: 'The server refused it. Open the Outbox to send it again or discard it.',
  unknown: 'No answer came back: check the account, then decide in the Outbox.',
  missed: 'It was not sent late. Open the Outbox to send it now, reschedule or cancel it.',
}

/** The desktop notification's words (main has no translations; the page's own notifications are translated). */
export function notificationText(notification: StoryNotification): { title: string; body: string } {
  const body = BODIES[notification.outcome]
  const title = TITLES[notification.outcome]
  return {
    title: notification.account ? `${title} · ${notification.account}` : title,
    body: notification.text ? `“${notification.text}” — ${body}` : body,
  }
}
