import { GROUP_FILTERS, GROUP_SORTS } from '@shared/channels/groups'
import { MESSAGE_TYPES } from '@shared/domain'
import { describe, expect, it } from 'vitest'
import en from '@shared/i18n/en/index'

/** The sources of the frame, the groups browser, message views and their settings. */
const SOURCES = import.meta.glob<string>(
  [
    '../../../../src-renderer/src/App.vue',
    '../../../../src-renderer/src/components/{common,frame,groups,message,settings}/**/*.vue',
    '../../../../src-renderer/src/views/{GroupsView,SettingsView}.vue',
  ],
  { eager: true, query: '?raw', import: 'default' },
)

function lookup(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), en)
}

describe('English strings of the frame and the groups browser', () => {
  it('has every key the views ask for', () => {
    const missing: string[] = []
    let keys = 0
    for (const [file, source] of Object.entries(SOURCES)) {
      for (const match of source.matchAll(/\bte?\(\s*'([A-Za-z0-9_.]+)'/g)) {
        keys++
        if (typeof lookup(match[1]!) !== 'string') missing.push(`${file.split('/src/')[1]}: ${match[1]}`)
      }
    }
    expect(Object.keys(SOURCES).length).toBeGreaterThan(30)
    expect(keys).toBeGreaterThan(150)
    expect(missing).toEqual([])
  })

  it('names every filter, sort, flag, rank and message kind', () => {
    for (const group of ['groups.filters', 'groups.sorts', 'detail.flag', 'detail.ranks', 'kinds']) {
      const node = lookup(group) as Record<string, unknown>
      for (const [key, value] of Object.entries(node)) expect(typeof value, `${group}.${key}`).toBe('string')
    }
    for (const filter of GROUP_FILTERS) expect(typeof lookup(`groups.filters.${filter}`), filter).toBe('string')
    for (const sort of GROUP_SORTS) expect(typeof lookup(`groups.sorts.${sort}`), sort).toBe('string')
    for (const type of MESSAGE_TYPES) expect(typeof lookup(`kinds.${type}`), type).toBe('string')
  })
})
