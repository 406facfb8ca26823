import { AppError } from '@shared/errors'
import { describe, expect, it } from 'vitest'
import { csvColumns, csvContacts } from '../../../../../../src-main/features/stories/library/csv-audience'

const CSV = [
  'Name,Phone,City',
  'Ana,+1 555 010 0001,Lisbon',
  'Bo,not a number,Oslo',
  '"Cy, Jr",15550100002,Rome',
  'Di,,Paris',
  'Ed,1 555 010 0001,Bern',
].join('\r\n')

/** The text a refused file is answered with. */
function refusalText(read: () => unknown) {
  try {
    read()
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    return (error as AppError).text
  }
  throw new Error('expected a refusal')
}

describe('CSV audience import', () => {
  it('lists the header row to choose a column', () => {
    expect(csvColumns(CSV)).toEqual({ columns: ['Name', 'Phone', 'City'], rows: 5 })
  })

  it('leaves a header cell that is empty empty, for the page to name the column in the user’s language', () => {
    expect(csvColumns('Name,,City\nAda,+15550100001,Lagos\n')).toEqual({ columns: ['Name', '', 'City'], rows: 1 })
  })

  it('takes the numbers of the chosen column and reports bad rows by their number in the file', () => {
    expect(csvContacts(CSV, 1)).toEqual({
      contacts: ['15550100001', '15550100002'],
      duplicates: 1,
      badRows: [
        { row: 3, value: 'not a number' },
        { row: 5, value: '' },
      ],
    })
  })

  it('reads semicolon files with a byte-order mark', () => {
    expect(csvContacts('\uFEFFphone;name\n15550100001;A\n', 0)).toMatchObject({ contacts: ['15550100001'], badRows: [] })
  })

  it('a file that is not CSV, or a column it does not have, is refused with a reason', () => {
    expect(refusalText(() => csvContacts('a,b\n"unclosed,1\n', 0))).toEqual({ key: 'mediaErrors.csv.unreadableAt', params: { line: 2 } })
    expect(refusalText(() => csvContacts('a,b\n1,2\n', 5))).toEqual({ key: 'mediaErrors.csv.noColumn', params: { column: 6 } })
    expect(refusalText(() => csvColumns(''))).toEqual({ key: 'mediaErrors.csv.noRows' })
  })
})
