import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findMainProse, readsAsProse } from '../../support/main-prose'

const ROOT = join(import.meta.dirname, '..', '..', '..')

describe('main speaks to users in keys of the catalogs', () => {
  it('holds no English sentence where a user could read it', () => {
    const sites = findMainProse(join(ROOT, 'src-main')).map((site) => `${site.file}:${site.line}  ${site.text}`)
    expect(sites).toEqual([])
  })

  it('tells prose from names, keys and formats', () => {
    expect(readsAsProse('The server did not answer in time.')).toBe(true)
    expect(readsAsProse('Could not reach … . Check the address.')).toBe(true)
    expect(readsAsProse('apiErrors.http.unauthorized')).toBe(false)
    expect(readsAsProse('application/json; charset=utf-8')).toBe(false)
    expect(readsAsProse('Statusdesk')).toBe(false)
  })
})
