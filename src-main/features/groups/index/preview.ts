import type { GroupRow } from '@shared/channels/groups'
import type { Message } from '@shared/domain'
// The list alone, not through '@shared/domain': the page worker runs this, and the schemas need not load there.
import { MESSAGE_CONTENT_MEMBERS } from '@shared/domain/content-members'

/** A row shows one line; the list never needs more of a long message than this. */
const MAX_PREVIEW_CHARS = 160

type Content = Record<string, unknown>
type Summary = (content: Content, message: Message) => unknown

const str = (value: unknown): string => (typeof value === 'string' ? value : '')
const first = (...values: unknown[]): string => values.map(str).find((value) => value.trim() !== '') ?? ''
const rec = (value: unknown): Content | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Content) : null
const textOf = (value: unknown): string => str(rec(value)?.['text'] ?? value)

/**
 * The text a row shows for each kind of last message. The list draws the kind's icon and
 * name itself, so a photo without a caption is an empty text here, not "Photo".
 */
const SUMMARIES: Readonly<Record<string, Summary>> = {
  text: (c) => c['body'],
  image: (c) => c['caption'],
  video: (c) => c['caption'],
  short: (c) => c['caption'],
  gif: (c) => c['caption'],
  document: (c) => first(c['caption'], c['filename'], c['file_name']),
  documentWithCaption: (c) => first(c['caption'], c['filename'], c['file_name']),
  link_preview: (c) => first(c['body'], c['title']),
  // An invite's body is usually the bare link; the group or channel name says more.
  group_invite: (c) => first(c['title'], c['body']),
  newsletter_invite: (c) => first(c['title'], c['body']),
  catalog: (c) => first(c['body'], c['title']),
  admin_invite: (c) => first(c['body'], c['newsletter_name']),
  location: (c) => first(c['name'], c['address'], c['comment']),
  live_location: (c) => c['caption'],
  contact: (c) => c['name'],
  contact_list: (c) =>
    (Array.isArray(c['list']) ? c['list'] : [])
      .map((card) => str(rec(card)?.['name']))
      .filter((name) => name !== '')
      .join(', '),
  interactive: (c) => first(textOf(c['body']), textOf(c['header']), textOf(c['footer'])),
  poll: (c) => c['title'],
  hsm: (c) => first(c['body'], str(rec(rec(c['header'])?.['text'])?.['body'])),
  system: (c) => c['body'],
  order: (c) => first(c['title'], c['text']),
  event: (c) => first(c['name'], c['description']),
  list: (c) => first(c['body'], c['header'], c['label']),
  buttons: (c) => c['text'],
  reply: (c) => first(str(rec(c['list_reply'])?.['title'])),
  action: (c) => {
    switch (c['type']) {
      case 'reaction':
        return c['emoji']
      case 'comment':
        return c['comment']
      case 'edit':
      case 'edited': {
        const edited = rec(c['edited_content'])
        return edited ? first(edited['body'], edited['caption'], edited['title']) : ''
      }
      case 'vote':
        return (Array.isArray(c['votes']) ? c['votes'] : []).map(str).join(', ')
      default:
        return ''
    }
  },
}

/** The member that holds a message's content: the one its type names, else the first present. */
function contentOf(message: Message): { kind: string; content: Content | null } {
  const record = message as unknown as Record<string, unknown>
  const own = rec(record[message.type])
  if (own) return { kind: message.type, content: own }
  for (const member of MESSAGE_CONTENT_MEMBERS) {
    const content = rec(record[member])
    if (content) return { kind: member, content }
  }
  return { kind: message.type, content: null }
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length <= MAX_PREVIEW_CHARS ? line : `${line.slice(0, MAX_PREVIEW_CHARS - 1)}…`
}

/** The one-line summary of a group's last message that its row shows. */
export function messagePreview(message: Message | null | undefined): GroupRow['preview'] {
  if (!message) return null
  const { kind, content } = contentOf(message)
  const summary = content ? SUMMARIES[kind] : undefined
  return {
    kind: typeof kind === 'string' && kind !== '' ? kind : 'unknown',
    text: summary && content ? oneLine(str(summary(content, message))) : '',
    fromMe: message.from_me,
    author: message.from_me ? null : first(message.from_name, message.from) || null,
  }
}
