import { parse } from 'csv-parse/sync'
import type { CsvBadRow, CsvColumns } from '@shared/channels/library'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { normalizeContact } from '@shared/story/contacts'
import { MAX_AUDIENCE } from '@shared/story/draft'

/** Rows of a CSV file as text; a file that is not CSV says where it stops making sense. */
function readRows(text: string): string[][] {
  try {
    return parse(text, {
      bom: true,
      // Spreadsheets in many locales save with semicolons; tabs come from copy and paste.
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][]
  } catch (error) {
    const line = (error as { lines?: number }).lines
    if (line) throw new AppError('invalid-argument', userText('mediaErrors.csv.unreadableAt', { line }), { line })
    throw new AppError('invalid-argument', userText('mediaErrors.csv.unreadable'))
  }
}

/** The first row's cells, to choose the column holding the numbers; a cell left empty is a column the page names by its place. */
export function csvColumns(text: string): CsvColumns {
  const rows = readRows(text)
  const [first] = rows
  if (!first) throw new AppError('invalid-argument', userText('mediaErrors.csv.noRows'))
  return { columns: first, rows: rows.length - 1 }
}

export interface CsvContacts {
  contacts: string[]
  duplicates: number
  badRows: CsvBadRow[]
}

/**
 * The phone numbers of one column, the first row being the header. Each other row must hold a
 * number the composer accepts (`+44 20 7946 0018` and `447946 0018@s.whatsapp.net` both
 * count); one that does not is reported by its row number as a spreadsheet shows it.
 */
export function csvContacts(text: string, column: number): CsvContacts {
  const rows = readRows(text)
  if (rows.length === 0) throw new AppError('invalid-argument', userText('mediaErrors.csv.noRows'))
  if (column >= (rows[0]?.length ?? 0)) throw new AppError('invalid-argument', userText('mediaErrors.csv.noColumn', { column: column + 1 }))
  const seen = new Set<string>()
  const badRows: CsvBadRow[] = []
  let duplicates = 0
  rows.slice(1).forEach((cells, index) => {
    const value = cells[column] ?? ''
    const contact = normalizeContact(value)
    if (contact === null) badRows.push({ row: index + 2, value: value.slice(0, 80) })
    else if (seen.has(contact)) duplicates++
    else seen.add(contact)
  })
  if (seen.size > MAX_AUDIENCE)
    throw new AppError('invalid-argument', userText('mediaErrors.csv.tooManyNumbers', { count: MAX_AUDIENCE, found: seen.size }))
  return { contacts: [...seen], duplicates, badRows }
}
