import { stringify } from 'csv-stringify/sync'

/** Spreadsheet apps read a UTF-8 file as the system's legacy code page unless it starts with this. */
const UTF8_BOM = '\uFEFF'

export type Cell = string | number | boolean | null | undefined

/**
 * A CSV document: RFC 4180 quoting by csv-stringify, CRLF line ends, and a UTF-8 BOM so names
 * in any script open correctly in spreadsheet apps.
 *
 * Every cell is quoted, empty ones too. A spreadsheet whose list separator is `;` (Portuguese,
 * Spanish, Russian, Indonesian settings) splits a line at each `;` outside quotes, and runs
 * whatever follows one as a formula: `Vendas;=1+1;` written bare is a formula there. Quoted,
 * every `;` of the file is inside quotes.
 *
 * Text a spreadsheet would run as a formula (=, +, -, @, a leading tab or carriage return, and
 * their full-width forms) gets a leading apostrophe, by csv-stringify's `escape_formulas`: a
 * group named "=HYPERLINK(...)" is data, not code. Numbers are left alone, so negative numbers
 * stay numbers.
 *
 * `quote_record_delimiter` is spelt out because csv-stringify, once given a record
 * delimiter, otherwise quotes only fields holding that exact sequence.
 */
export function toCsv(header: readonly string[], rows: Iterable<readonly Cell[]>): string {
  const records: Cell[][] = [[...header]]
  for (const row of rows) records.push([...row])
  return (
    UTF8_BOM +
    stringify(records, {
      record_delimiter: 'windows',
      quote_record_delimiter: true,
      quoted: true,
      quoted_empty: true,
      escape_formulas: true,
      cast: { boolean: (value) => (value ? 'true' : 'false') },
    })
  )
}
