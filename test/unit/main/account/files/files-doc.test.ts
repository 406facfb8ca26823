import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { REFERENCE, documentedTables, filesTables } from '../../../../support/files-table'

describe('docs/REFERENCE.md', () => {
  it('lists the files on disk exactly as the registry declares them (npx tsx test/support/files-table.ts --write)', () => {
    expect(documentedTables(readFileSync(REFERENCE, 'utf8'))).toBe(filesTables())
  })
})
