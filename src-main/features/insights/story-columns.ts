import { STORY_KINDS } from '@shared/channels/insights'
import { AUDIENCE_MODES, MAX_TIME_MS, STORY_SOURCES, type InsightRecord } from '../../account/files/formats/insights-files'
import { offsetsFit } from '../../platform/files/column-file'

/**
 * Stories as columns: one typed array per field and one UTF-8 buffer for their texts, so a
 * year of a busy account (thousands of stories, millions of views) is a handful of arrays
 * rather than millions of objects. The archive file stores exactly these arrays; the live
 * stories are put in the same shape, so the figures are computed by one code path.
 */
export interface StoryColumns {
  count: number
  /** Milliseconds since the epoch. */
  posted: Float64Array
  /** Story i's views are `minutes[viewStarts[i] .. viewStarts[i + 1])`. */
  viewStarts: Uint32Array
  /** Each viewer's first view in minutes from the posting's minute (see minutesOf), each story's earliest first. */
  minutes: Uint16Array
  /** Index into STORY_KINDS. */
  kind: Uint8Array
  /** Index into STORY_SOURCES. */
  source: Uint8Array
  /** Index into AUDIENCE_MODES. */
  audienceMode: Uint8Array
  /** How many the story went to; NO_SIZE when unknown. */
  audienceSize: Uint32Array
  final: Uint8Array
  /** TEXT_SLOTS strings per story, one after the other. */
  text: Uint8Array
  textStarts: Uint32Array
}

export const NO_SIZE = 0xffff_ffff
/** The texts each story keeps, in this order; an empty text stands for none. */
export const TEXT_SLOTS = ['id', 'snippet', 'background', 'font', 'audienceName'] as const
type TextSlot = (typeof TEXT_SLOTS)[number]

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** Zeroed columns for `count` stories holding `views` views and `textBytes` bytes of text. */
function sizedColumns(count: number, views: number, textBytes: number): StoryColumns {
  return {
    count,
    posted: new Float64Array(count),
    viewStarts: new Uint32Array(count + 1),
    minutes: new Uint16Array(views),
    kind: new Uint8Array(count),
    source: new Uint8Array(count),
    audienceMode: new Uint8Array(count),
    audienceSize: new Uint32Array(count),
    final: new Uint8Array(count),
    text: new Uint8Array(textBytes),
    textStarts: new Uint32Array(count * TEXT_SLOTS.length + 1),
  }
}

export function emptyColumns(): StoryColumns {
  return columnsOf([])
}

/** Records in column form, in the order given. */
export function columnsOf(records: readonly InsightRecord[]): StoryColumns {
  const count = records.length
  let views = 0
  for (const record of records) views += record.minutes.length
  const columns = sizedColumns(count, views, 0)
  const texts: Uint8Array[] = []
  let at = 0
  let textAt = 0
  records.forEach((record, i) => {
    columns.posted[i] = record.postedAt
    columns.viewStarts[i] = at
    columns.minutes.set(record.minutes, at)
    at += record.minutes.length
    columns.kind[i] = STORY_KINDS.indexOf(record.kind)
    columns.source[i] = STORY_SOURCES.indexOf(record.source)
    columns.audienceMode[i] = AUDIENCE_MODES.indexOf(record.audience.mode)
    columns.audienceSize[i] = record.audience.size ?? NO_SIZE
    columns.final[i] = record.final ? 1 : 0
    const slots = [record.id, record.snippet, record.background ?? '', record.font ?? '', record.audience.name ?? '']
    slots.forEach((value, slot) => {
      columns.textStarts[i * TEXT_SLOTS.length + slot] = textAt
      const bytes = encoder.encode(value)
      texts.push(bytes)
      textAt += bytes.length
    })
  })
  columns.viewStarts[count] = at
  columns.textStarts[count * TEXT_SLOTS.length] = textAt
  columns.text = new Uint8Array(textAt)
  let offset = 0
  for (const bytes of texts) {
    columns.text.set(bytes, offset)
    offset += bytes.length
  }
  return columns
}

export function textAt(columns: StoryColumns, i: number, slot: TextSlot): string {
  const at = i * TEXT_SLOTS.length + TEXT_SLOTS.indexOf(slot)
  return decoder.decode(columns.text.subarray(columns.textStarts[at], columns.textStarts[at + 1]))
}

export function viewsAt(columns: StoryColumns, i: number): Uint16Array {
  return columns.minutes.subarray(columns.viewStarts[i], columns.viewStarts[i + 1])
}

export function reachAt(columns: StoryColumns, i: number): number {
  return (columns.viewStarts[i + 1] as number) - (columns.viewStarts[i] as number)
}

/** Story i as a record again; without its views when `views` is false (a list needs only their count). */
export function recordAt(columns: StoryColumns, i: number, options: { views?: boolean } = {}): InsightRecord {
  const size = columns.audienceSize[i] as number
  const orNull = (value: string): string | null => (value === '' ? null : value)
  return {
    id: textAt(columns, i, 'id'),
    postedAt: columns.posted[i] as number,
    kind: STORY_KINDS[columns.kind[i] as number] ?? 'text',
    snippet: textAt(columns, i, 'snippet'),
    background: orNull(textAt(columns, i, 'background')),
    font: orNull(textAt(columns, i, 'font')),
    audience: {
      mode: AUDIENCE_MODES[columns.audienceMode[i] as number] ?? 'everyone',
      name: orNull(textAt(columns, i, 'audienceName')),
      size: size === NO_SIZE ? null : size,
    },
    source: STORY_SOURCES[columns.source[i] as number] ?? 'phone',
    final: columns.final[i] === 1,
    minutes: options.views === false ? [] : Array.from(viewsAt(columns, i)),
  }
}

/**
 * Whether the columns fit together: every per-story array as long as `count`, runs in order,
 * indexes in range, and every posting time one a Date can hold (past it, every figure that
 * shows a date would throw, for good).
 */
export function columnsFit(columns: StoryColumns): boolean {
  const { count } = columns
  const perStory = [columns.posted, columns.kind, columns.source, columns.audienceMode, columns.audienceSize, columns.final]
  if (perStory.some((array) => array.length !== count)) return false
  if (!offsetsFit(columns.viewStarts, count, columns.minutes.length)) return false
  if (!offsetsFit(columns.textStarts, count * TEXT_SLOTS.length, columns.text.length)) return false
  for (let i = 0; i < count; i++) {
    if ((columns.kind[i] as number) >= STORY_KINDS.length) return false
    if ((columns.source[i] as number) >= STORY_SOURCES.length) return false
    if ((columns.audienceMode[i] as number) >= AUDIENCE_MODES.length) return false
    const posted = columns.posted[i] as number
    if (!(posted >= 0 && posted <= MAX_TIME_MS)) return false
  }
  return true
}

/** The stories picked by `picks` ([part, index] pairs), in that order, copied into new columns. */
export function selectColumns(parts: readonly StoryColumns[], picks: ReadonlyArray<readonly [number, number]>): StoryColumns {
  const count = picks.length
  let views = 0
  let textBytes = 0
  for (const [p, i] of picks) {
    const part = parts[p] as StoryColumns
    views += reachAt(part, i)
    textBytes += (part.textStarts[(i + 1) * TEXT_SLOTS.length] as number) - (part.textStarts[i * TEXT_SLOTS.length] as number)
  }
  const out = sizedColumns(count, views, textBytes)
  let viewAt = 0
  let textAt = 0
  picks.forEach(([p, i], k) => {
    const part = parts[p] as StoryColumns
    out.posted[k] = part.posted[i] as number
    out.kind[k] = part.kind[i] as number
    out.source[k] = part.source[i] as number
    out.audienceMode[k] = part.audienceMode[i] as number
    out.audienceSize[k] = part.audienceSize[i] as number
    out.final[k] = part.final[i] as number
    out.viewStarts[k] = viewAt
    const views = viewsAt(part, i)
    out.minutes.set(views, viewAt)
    viewAt += views.length
    const from = part.textStarts[i * TEXT_SLOTS.length] as number
    for (let slot = 0; slot < TEXT_SLOTS.length; slot++) {
      out.textStarts[k * TEXT_SLOTS.length + slot] = textAt + (part.textStarts[i * TEXT_SLOTS.length + slot] as number) - from
    }
    const to = part.textStarts[(i + 1) * TEXT_SLOTS.length] as number
    out.text.set(part.text.subarray(from, to), textAt)
    textAt += to - from
  })
  out.viewStarts[count] = viewAt
  out.textStarts[count * TEXT_SLOTS.length] = textAt
  return out
}
