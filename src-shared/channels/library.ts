import { z } from 'zod'
import { channel } from '../define'
import { AccountScopeSchema } from './scope'
import { StoryFontSchema } from '../domain/story'
import { MAX_AUDIENCE, StoryDraftSchema } from '../story/draft'
import { LIBRARY_COLOR, LIBRARY_ID, LIBRARY_NAME, type Audience, type SavedDraft, type StoryStyle } from '../story/library'

/** Largest CSV the audience import reads (a few hundred thousand rows). */
export const MAX_CSV_CHARS = 8 * 1024 * 1024

/** The columns of a CSV file, to choose the one holding the numbers. */
export interface CsvColumns {
  /** The first row's cells (or "Column 1", "Column 2"... when there is none to read). */
  columns: string[]
  /** Rows after the first. */
  rows: number
}

/** A row whose cell could not be taken as a phone number, by its number in the file (the first row is 1). */
export interface CsvBadRow {
  row: number
  value: string
}

export interface CsvImportResult {
  audience: Audience
  /** The saved audiences after it, as `audiences:list` gives them (the agent's too). */
  audiences: AudienceView[]
  imported: number
  /** Numbers that were already in the list. */
  duplicates: number
  badRows: CsvBadRow[]
}

/**
 * A saved audience as the library lists it: one the paired agent holds (handed over with an
 * account, from this desktop or a teammate's) says so, and while the agent is away, as of when.
 */
export type AudienceView = Audience & { where?: 'agent'; asOf?: string; stale?: boolean }

const csvText = z.string().max(MAX_CSV_CHARS, 'the file is too large to import')

export const libraryChannels = {
  /** Saved audiences, the same for every account: a contact is a phone number whichever account posts. */
  'audiences:list': channel<AudienceView[]>()(z.void()),
  /** Creates (no id) or replaces an audience; numbers are normalised with the composer's contact rules. */
  'audiences:save': channel<AudienceView[]>()(
    z.object({ id: LIBRARY_ID.optional(), name: LIBRARY_NAME, contacts: z.array(z.string().max(80)).min(1).max(MAX_AUDIENCE) }),
  ),
  'audiences:delete': channel<AudienceView[]>()(z.object({ id: LIBRARY_ID })),
  /** Reads a CSV file's first row, to choose the column with the numbers. */
  'audiences:csv-columns': channel<CsvColumns>()(z.object({ text: csvText })),
  /** Makes an audience of one column of a CSV file (its first row is the header); bad rows are reported by number. */
  'audiences:csv-import': channel<CsvImportResult>()(
    z.object({ text: csvText, column: z.number().int().min(0).max(1000), name: LIBRARY_NAME }),
  ),
  /** Saved text styles (background, text colour, font), the same for every account. */
  'styles:list': channel<StoryStyle[]>()(z.void()),
  'styles:save': channel<StoryStyle[]>()(
    z.object({ name: LIBRARY_NAME, background: LIBRARY_COLOR, color: LIBRARY_COLOR, font: StoryFontSchema }),
  ),
  'styles:delete': channel<StoryStyle[]>()(z.object({ id: LIBRARY_ID })),
  /** The account's saved drafts, newest first. */
  'drafts:list': channel<SavedDraft[]>()(AccountScopeSchema),
  /** Keeps the composer's story as a draft of the account (a new one, or replacing `id`). */
  'drafts:save': channel<SavedDraft[]>()(AccountScopeSchema.extend({ id: LIBRARY_ID.optional(), draft: StoryDraftSchema })),
  'drafts:delete': channel<SavedDraft[]>()(AccountScopeSchema.extend({ id: LIBRARY_ID })),
}
