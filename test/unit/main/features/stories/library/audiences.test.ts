import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AudienceStore } from '../../../../../../src-main/features/stories/library/audiences'
import { appFile } from '../../../../../support/declared-files'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'statusdesk-audiences-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('AudienceStore', () => {
  it('saves named audiences with the composer’s contact rules, kept across a restart', async () => {
    const store = new AudienceStore(appFile(dir, 'audiences'))
    await store.save({ name: 'Staff', contacts: ['+1 (555) 010-0001', '15550100001@s.whatsapp.net', '15550100002'] })
    const list = await store.save({ name: 'Customers', contacts: ['447946000018'] })
    expect(list.map((a) => [a.name, a.contacts])).toEqual([
      ['Customers', ['447946000018']],
      ['Staff', ['15550100001', '15550100002']],
    ])
    expect(await new AudienceStore(appFile(dir, 'audiences')).list()).toEqual(list)
  })

  it('finds the audience holding exactly some contacts, in any order or spelling', async () => {
    const store = new AudienceStore(appFile(dir, 'audiences'))
    await store.save({ name: 'Staff', contacts: ['15550100001', '15550100002'] })
    expect((await store.holding(['+1 555 010 0002', '15550100001@s.whatsapp.net']))?.name).toBe('Staff')
    expect(await store.holding(['15550100001'])).toBeNull()
    expect(await store.holding(['15550100001', '15550100002', '15550100003'])).toBeNull()
  })

  it('saving a name again replaces that audience; an id replaces it under a new name', async () => {
    const store = new AudienceStore(appFile(dir, 'audiences'))
    const [first] = await store.save({ name: 'Staff', contacts: ['15550100001'] })
    await store.save({ name: 'staff', contacts: ['15550100009'] })
    const renamed = await store.save({ id: first!.id, name: 'Team', contacts: ['15550100003'] })
    expect(renamed).toMatchObject([{ id: first!.id, name: 'Team', contacts: ['15550100003'] }])
  })

  it('refuses a list without one valid number, and keeps what was saved', async () => {
    const store = new AudienceStore(appFile(dir, 'audiences'))
    await store.save({ name: 'Staff', contacts: ['15550100001'] })
    await expect(store.save({ name: 'Bad', contacts: ['12', 'abc'] })).rejects.toMatchObject({
      code: 'invalid-argument',
      text: { key: 'mediaErrors.library.noNumbers' },
    })
    expect((await store.list()).map((a) => a.name)).toEqual(['Staff'])
  })

  it('deletes an audience', async () => {
    const store = new AudienceStore(appFile(dir, 'audiences'))
    const [saved] = await store.save({ name: 'Staff', contacts: ['15550100001'] })
    expect(await store.delete(saved!.id)).toEqual([])
  })

  it('a damaged file is set aside, reported, and the list starts empty', async () => {
    await writeFile(join(dir, 'audiences.json'), '{"version":1,"items":[{"name":')
    const setAside: string[] = []
    const store = new AudienceStore(appFile(dir, 'audiences', (path) => setAside.push(path)))
    expect(await store.list()).toEqual([])
    expect(setAside).toHaveLength(1)
    const names = await readdir(dir)
    expect(names.some((name) => name.startsWith('audiences.json.corrupt-'))).toBe(true)
    expect(await readFile(setAside[0]!, 'utf8')).toContain('"name":')
    await store.save({ name: 'Fresh', contacts: ['15550100001'] })
    expect((await new AudienceStore(appFile(dir, 'audiences')).list()).map((a) => a.name)).toEqual(['Fresh'])
  })
})
