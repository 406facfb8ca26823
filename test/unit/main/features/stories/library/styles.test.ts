import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { StyleStore } from '../../../../../../src-main/features/stories/library/styles'
import { appFile } from '../../../../../support/declared-files'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-styles-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('StyleStore', () => {
  it('keeps styles in the order saved; a name saved again replaces its style', async () => {
    const store = new StyleStore(appFile(dir, 'styles'))
    await store.save({ name: 'Brand', background: '#ff0b6e4f', color: '#FFFFFFFF', font: 'CALISTOGA_REGULAR' })
    await store.save({ name: 'Night', background: '#FF000000', color: '#FFFFFF00', font: 'SYSTEM' })
    const list = await store.save({ name: 'brand', background: '#FF336699', color: '#FFFFFFFF', font: 'EXO2_EXTRABOLD' })
    expect(list.map((s) => [s.name, s.background, s.font])).toEqual([
      ['brand', '#FF336699', 'EXO2_EXTRABOLD'],
      ['Night', '#FF000000', 'SYSTEM'],
    ])
    expect(await new StyleStore(appFile(dir, 'styles')).list()).toEqual(list)
    expect(await store.delete(list[1]!.id)).toHaveLength(1)
  })

  it('a file with a style the app cannot use is set aside as a whole', async () => {
    await writeFile(
      join(dir, 'story-styles.json'),
      JSON.stringify({ version: 1, items: [{ id: 'a', name: 'X', background: 'red', color: '#FFFFFFFF', font: 'SYSTEM', updatedAt: '' }] }),
    )
    const store = new StyleStore(appFile(dir, 'styles'))
    expect(await store.list()).toEqual([])
    expect((await readdir(dir)).some((name) => name.startsWith('story-styles.json.corrupt-'))).toBe(true)
  })
})
