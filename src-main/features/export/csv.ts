import { stringify } from 'csv-stringify/sync'

/** Spreadsheet apps read a UTF-8 file as the system's legacy code page unless it starts with this. */
const UTF8_BOM = '\uFEFF'

export type Cell = string | number | boolean | null | undefined

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, or a leading tab or carriage
 * return) gets a leading apostrophe: a group named "=HYPERLINK(...)" is data, not code.
 * Numbers are left alone, so negative numbers stay numbers.
 */
function neutralizeFormula(value: Cell): Cell {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/**
 * A CSV document: RFC 4180 quoting by csv-stringify (every field with a comma, quote, CR or
 * LF quoted, quotes doubled), CRLF line ends, and a UTF-8 BOM so names in any script open
 * correctly in spreadsheet apps.
 *
 * `quote_record_delimiter` is spelt out because csv-stringify, once given a record
 * delimiter, otherwise quotes only fields holding that exact sequence: a description with a
 * bare LF went out unquoted, and spreadsheets split the row there.
 */
export function toCsv(header: readonly string[], rows: Iterable<readonly Cell[]>): string {
  const records: Cell[][] = [[...header]]
  for (const row of rows) records.push(row.map(neutralizeFormula))
  return (
    UTF8_BOM +
    stringify(records, {
      record_delimiter: 'windows',
      quote_record_delimiter: true,
      cast: { boolean: (value) => (value ? 'true' : 'false') },
    })
  )
}
