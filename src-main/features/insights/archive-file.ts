import { z } from 'zod'
import {
  ColumnFileUnusable,
  decodeColumnFile,
  encodeColumnFile,
  type ColumnFileKind,
  type ColumnType,
} from '../../platform/files/column-file'
import { columnsFit, type StoryColumns } from './story-columns'

/**
 * The insights archive (`insights/stories.columns`, declared in account-files.ts): the
 * account's expired stories as a column file (platform/files/column-file.ts), each array
 * written as it is in memory and laid over the file's bytes when read, so a year of stories
 * is read without parsing anything per story or per view.
 */
const ARCHIVE_FORMAT = 'statusdesk-insights'
const ARCHIVE_VERSION = 1

const MetaSchema = z.object({ count: z.int().nonnegative() })

const ARCHIVE = {
  format: ARCHIVE_FORMAT,
  version: ARCHIVE_VERSION,
  columns: {
    posted: 'f64',
    viewStarts: 'u32',
    minutes: 'u16',
    kind: 'u8',
    source: 'u8',
    audienceMode: 'u8',
    audienceSize: 'u32',
    final: 'u8',
    text: 'u8',
    textStarts: 'u32',
  } as const satisfies Record<Exclude<keyof StoryColumns, 'count'>, ColumnType>,
  meta: MetaSchema,
} satisfies ColumnFileKind<Record<string, ColumnType>, typeof MetaSchema>

/** The archive belongs to its account: a file copied from another account's folder is not read as this one's. */
const tieOf = (accountId: string) => ({ accountId, snapshot: {} })

/** The archive's bytes; columns that would not read back (see columnsFit) are refused rather than written. */
export function encodeArchive(accountId: string, columns: StoryColumns): Generator<Buffer> {
  // developer-only: columns that escaped their checks; the archive on disk stays as it was
  if (!columnsFit(columns)) throw new Error('insights archive not written: its columns do not fit together')
  const { count, ...arrays } = columns
  return encodeColumnFile(ARCHIVE, { tie: tieOf(accountId), meta: { count }, columns: arrays })
}

/** The archive's stories, laid over `buffer`; throws ColumnFileUnusable when it is not whole, not this account's, or does not fit together. */
export function decodeArchive(accountId: string, buffer: Buffer): StoryColumns {
  const { meta, columns } = decodeColumnFile(ARCHIVE, buffer, tieOf(accountId))
  const stories: StoryColumns = { count: meta.count, ...columns }
  if (!columnsFit(stories)) throw new ColumnFileUnusable('columns do not fit together')
  return stories
}
