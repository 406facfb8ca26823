import { TZDate } from '@date-fns/tz'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { writeAtomically } from '../../platform/files/atomic-write'
import { nodeFiles, type FilePort } from '../../platform/files/fs-port'
import type { Logger } from '../../platform/log/log'
import { toCsv, type Cell } from '../export/csv'
import type { DialogsPort } from '../export/dialogs'
import type { StoryInsight } from '@shared/channels/insights'
import { checkedZone } from './zoned-hours'

export const INSIGHT_COLUMNS = [
  'account',
  'story_id',
  'posted_at',
  'posted_local',
  'kind',
  'source',
  'audience',
  'audience_name',
  'audience_size',
  'reach',
  'reach_share',
  'first_view_minutes',
  'final',
  'background',
  'font',
  'text',
] as const

const pad = (n: number): string => String(n).padStart(2, '0')

/** "2026-03-02 08:15" on the zone's clock. */
function localTime(at: string, zone: string): string {
  const d = new TZDate(Date.parse(at), zone)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/**
 * Writes the stories given (newest first) as CSV, through the same dialogs port and CSV writer
 * as the other exports: a save dialog on the desktop, the downloads folder in web mode.
 */
export async function exportInsights(
  items: readonly StoryInsight[],
  options: { timeZone: string; dialogs: DialogsPort; labelOf: (accountId: string) => string; log: Logger; now: number; files?: FilePort },
): Promise<{ path: string | null; rows: number }> {
  const zone = checkedZone(options.timeZone)
  const path = await options.dialogs.chooseSavePath({
    title: userText('insightsErrors.export.title'),
    defaultName: `insights-${new Date(options.now).toISOString().slice(0, 10)}.csv`,
    filters: [{ name: userText('desktop.saveDialog.csvFiles'), extensions: ['csv'] }],
  })
  if (!path) return { path: null, rows: 0 }
  const rows: Cell[][] = items.map((story) => [
    options.labelOf(story.accountId),
    story.storyId,
    story.postedAt,
    localTime(story.postedAt, zone),
    story.kind,
    story.source,
    story.audience.mode,
    story.audience.name ?? '',
    story.audience.size ?? '',
    story.reach,
    story.reachShare === null ? '' : Number(story.reachShare.toFixed(4)),
    story.firstViewMinutes ?? '',
    story.final,
    story.style?.background ?? '',
    story.style?.font ?? '',
    story.snippet,
  ])
  try {
    await writeAtomically(options.files ?? nodeFiles, path, [Buffer.from(toCsv(INSIGHT_COLUMNS, rows), 'utf8')])
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    options.log.warn('insights export not written', { code: code ?? 'unknown' })
    throw new AppError('storage', userText('insightsErrors.export.notWritten'), { errno: code ?? 'unknown' }, { cause: error })
  }
  options.log.info('insights exported', { rows: rows.length })
  return { path, rows: rows.length }
}
