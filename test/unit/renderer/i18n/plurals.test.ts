import { describe, expect, it } from 'vitest'
import { createAppI18n } from '../../../../src-renderer/src/i18n'
import en from '@shared/i18n/en/index'

/** Strings where a count stands without a noun to agree with: a figure, a badge, a ratio. */
const NO_NOUN = new Set([
  'story.text.counter',
  'story.media.seconds',
  'groups.labelsFilterCount',
  'groups.row.moreLabels',
  'message.reactionCount',
  'message.poll.limit',
  'detail.participantsCount',
  'outbox.audience.excluded',
  // "Saved audiences not moved to the agent: 2": the count is the figure of a label.
  'errors.handover.audiencesToFull',
  'errors.handover.audiencesToFailed',
  'errors.handover.audiencesBackFull',
  'errors.handover.audiencesBackFailed',
])

function strings(node: unknown, path: string[] = []): Array<[string, string]> {
  if (typeof node === 'string') return [[path.join('.'), node]]
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([key, value]) => strings(value, [...path, key]))
  return []
}

describe('English plurals', () => {
  it('gives every counted noun a singular and a plural form', () => {
    const counted = strings(en).filter(([, text]) => /\{(count|rows)\}/.test(text))
    expect(counted.length).toBeGreaterThan(20)
    const missing = counted.filter(([key, text]) => !NO_NOUN.has(key) && !text.includes(' | ')).map(([key]) => key)
    expect(missing).toEqual([])
  })

  it('picks the form by the number, whatever way the number is written', () => {
    const { t } = createAppI18n('en-GB').global
    expect(t('prefs.sync.intervalHours', { count: 1 }, 1)).toBe('Every hour')
    expect(t('prefs.sync.intervalHours', { count: 3 }, 3)).toBe('Every 3 hours')
    expect(t('prefs.sync.intervalMinutes', { count: 1 }, 1)).toBe('Every minute')
    expect(t('groups.exported', { rows: '5,000', path: 'a.csv' }, 5000)).toBe('Saved 5,000 rows to a.csv')
    expect(t('groups.exported', { rows: '1', path: 'a.csv' }, 1)).toBe('Saved 1 row to a.csv')
    expect(t('syncStatus.groupsCount', { count: '0' }, 0)).toBe('No groups')
    expect(t('detail.sizeValue', { count: '1' }, 1)).toBe('1 participant')
  })
})
