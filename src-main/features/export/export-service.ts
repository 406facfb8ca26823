import type { GroupDetail, GroupsWindow } from '@shared/channels/groups'
import type { ExportGroupsArgs, ExportResult } from '@shared/channels/export'
import type { Group } from '@shared/domain'
import { AppError } from '@shared/errors'
import { userText } from '@shared/i18n/user-text'
import { writeAtomically } from '../../platform/files/atomic-write'
import { nodeFiles, type FilePort } from '../../platform/files/fs-port'
import type { GroupsQueryArgs } from '../groups/index'
import type { Logger } from '../../platform/log/log'
import type { StoryViews } from '@shared/story/feed'
import { GROUP_COLUMNS, PARTICIPANT_COLUMNS, VIEWER_COLUMNS, groupRow, participantRows, viewerRows } from './columns'
import { toCsv } from './csv'
import type { DialogsPort } from './dialogs'

/** What an export reads: the same query engine and records as the list, of the account it names. */
export interface ExportSource {
  query(accountId: string, query: GroupsQueryArgs): Promise<GroupsWindow>
  get(accountId: string, id: string): Promise<GroupDetail>
}

export interface ExportServiceOptions {
  source: ExportSource
  dialogs: DialogsPort
  log: Logger
  files?: FilePort
  now?: () => number
}

/** Rows read from the index per step, so a 50,000-group export never holds two copies at once. */
const STEP = 1000
const CSV_FILTERS = [{ name: userText('desktop.saveDialog.csvFiles'), extensions: ['csv'] }]

/** "Weekend hikers / 2025" -> "Weekend-hikers-2025": a file name safe on every OS. */
export function fileSafe(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60)
  return cleaned.replace(/^[.-]+|[.-]+$/g, '') || 'group'
}

/** Writes the groups list and a group's participants to CSV files the user picks. */
export class ExportService {
  readonly #options: ExportServiceOptions

  constructor(options: ExportServiceOptions) {
    this.#options = options
  }

  async exportGroups({ accountId, ...query }: Required<ExportGroupsArgs>): Promise<ExportResult> {
    const today = this.#today()
    const path = await this.#options.dialogs.chooseSavePath({
      title: userText('desktop.saveDialog.groups'),
      defaultName: `groups-${today}.csv`,
      filters: CSV_FILTERS,
    })
    if (!path) return { path: null, rows: 0 }
    const nowSeconds = this.#now() / 1000
    const rows: ReturnType<typeof groupRow>[] = []
    for (let offset = 0; ; offset += STEP) {
      const window = await this.#options.source.query(accountId, { ...query, offset, limit: STEP })
      for (const row of window.rows) {
        const group = await this.#group(accountId, row.id)
        if (group) rows.push(groupRow(group, nowSeconds))
      }
      if (window.rows.length < STEP || offset + STEP >= window.matching) break
    }
    await this.#write(path, toCsv(GROUP_COLUMNS, rows))
    this.#options.log.info('groups exported', { rows: rows.length })
    return { path, rows: rows.length }
  }

  async exportParticipants(accountId: string, id: string): Promise<ExportResult> {
    const group = (await this.#options.source.get(accountId, id)).group
    const path = await this.#options.dialogs.chooseSavePath({
      title: userText('desktop.saveDialog.participants'),
      defaultName: `participants-${fileSafe(group.name)}-${this.#today()}.csv`,
      filters: CSV_FILTERS,
    })
    if (!path) return { path: null, rows: 0 }
    const rows = participantRows(group)
    await this.#write(path, toCsv(PARTICIPANT_COLUMNS, rows))
    this.#options.log.info('participants exported', { rows: rows.length })
    return { path, rows: rows.length }
  }

  /** A story's viewers, one row each, as last read from the server. */
  async exportViewers(views: StoryViews): Promise<ExportResult> {
    const path = await this.#options.dialogs.chooseSavePath({
      title: userText('desktop.saveDialog.viewers'),
      defaultName: `viewers-${fileSafe(views.storyId)}-${this.#today()}.csv`,
      filters: CSV_FILTERS,
    })
    if (!path) return { path: null, rows: 0 }
    const rows = viewerRows(views)
    await this.#write(path, toCsv(VIEWER_COLUMNS, rows))
    this.#options.log.info('viewers exported', { rows: rows.length })
    return { path, rows: rows.length }
  }

  async #group(accountId: string, id: string): Promise<Group | null> {
    try {
      return (await this.#options.source.get(accountId, id)).group
    } catch (error) {
      // A group gone between the query and the read (a sync swapped the snapshot) is skipped.
      if (error instanceof AppError && error.code === 'not-found') return null
      throw error
    }
  }

  async #write(path: string, text: string): Promise<void> {
    try {
      await writeAtomically(this.#options.files ?? nodeFiles, path, [Buffer.from(text, 'utf8')])
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      this.#options.log.warn('export not written', { code: code ?? 'unknown' })
      throw new AppError('storage', userText('groupErrors.export.notWritten'), { errno: code ?? 'unknown' }, { cause: error })
    }
  }

  #now(): number {
    return (this.#options.now ?? Date.now)()
  }

  #today(): string {
    return new Date(this.#now()).toISOString().slice(0, 10)
  }
}
