import type { BestTimes, InsightsOverview, StoryInsight } from '@shared/channels/insights'
import { createTestingPinia } from '@pinia/testing'
import ar from '@shared/i18n/ar/index'
import es from '@shared/i18n/es/index'
import id from '@shared/i18n/id/index'
import ptBR from '@shared/i18n/pt-BR/index'
import ru from '@shared/i18n/ru/index'
import { vi } from 'vitest'
import { createAppI18n } from '../../../../src-renderer/src/i18n'

/** A weekday × hour grid of zeros, with the given cells set: `[weekday, hour, views]`, Monday = 0. */
export function grid(cells: Array<[number, number, number]> = []): number[][] {
  const rows = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0))
  for (const [weekday, hour, views] of cells) rows[weekday]![hour] = views
  return rows
}

/** Tuesday 18:00 strongest, then Wednesday 18:00 and Sunday 20:00; a little on Monday morning. */
export const BUSY_GRID = grid([
  [1, 18, 1234],
  [2, 18, 900],
  [6, 20, 700],
  [0, 9, 12],
])

export function overview(overrides: Partial<InsightsOverview> = {}): InsightsOverview {
  return {
    stories: 12,
    views: 2846,
    from: '2026-03-02T09:00:00.000Z',
    to: '2026-05-25T18:00:00.000Z',
    thin: false,
    heatmap: BUSY_GRID,
    byAudience: [
      { audience: { mode: 'everyone', name: null, size: null }, stories: 8, medianReach: 240, medianShare: null },
      { audience: { mode: 'audience', name: 'Regulars', size: 40 }, stories: 3, medianReach: 30, medianShare: 0.75 },
      { audience: { mode: 'contacts', name: null, size: 5 }, stories: 1, medianReach: 4, medianShare: 0.8 },
    ],
    byKind: [
      { kind: 'image', stories: 7, medianReach: 250 },
      { kind: 'text', stories: 5, medianReach: 120 },
    ],
    trend: [
      { weekStart: '2026-05-10T22:00:00.000Z', stories: 3, views: 400, medianReach: 130 },
      { weekStart: '2026-05-17T22:00:00.000Z', stories: 0, views: 0, medianReach: null },
      { weekStart: '2026-05-24T22:00:00.000Z', stories: 9, views: 2446, medianReach: 250 },
    ],
    latency: {
      median: 42,
      p25: 12,
      p75: 150,
      histogram: [
        { upToMinutes: 15, views: 800 },
        { upToMinutes: 60, views: 1200 },
        { upToMinutes: 240, views: 700 },
        { upToMinutes: 1440, views: 146 },
      ],
    },
    ...overrides,
  }
}

export function storyInsight(overrides: Partial<StoryInsight> & Pick<StoryInsight, 'storyId'>): StoryInsight {
  return {
    accountId: 'a1',
    postedAt: '2026-05-26T16:05:00.000Z',
    kind: 'image',
    snippet: 'Fresh bread at six',
    style: null,
    audience: { mode: 'everyone', name: null, size: null },
    source: 'statusdesk',
    reach: 320,
    reachShare: null,
    firstViewMinutes: 4,
    final: true,
    ...overrides,
  }
}

/** Main's suggestions on the hour, from `first` on, a day apart (`partial`: some accounts had too little history). */
export function bestTimes(first: string, count = 3, thin = false, partial = false): BestTimes {
  if (thin) return { thin: true, partial: false, slots: [] }
  const start = Date.parse(first)
  return {
    thin: false,
    partial,
    slots: Array.from({ length: count }, (_, i) => {
      const at = new Date(start + i * 86_400_000)
      return { at: at.toISOString(), weekday: (at.getUTCDay() + 6) % 7, hour: at.getUTCHours(), share: 0.12 - i * 0.02 }
    }),
  }
}

/** Pinia with real actions and the app's i18n in `locale`, every translation loaded. */
export function plugins(locale = 'en-GB') {
  const i18n = createAppI18n(locale)
  for (const [code, messages] of Object.entries({ es, 'pt-BR': ptBR, id, ru, ar })) i18n.global.setLocaleMessage(code, messages)
  return [createTestingPinia({ stubActions: false, createSpy: vi.fn }), i18n]
}
