import { z } from 'zod'
import { channel } from '../define'
import { GroupsQuerySchema } from './groups'
import { AccountScopeSchema } from './scope'

/** The list's query without its window: an export writes every matching group. */
export const ExportGroupsArgsSchema = GroupsQuerySchema.omit({ offset: true, limit: true }).extend(AccountScopeSchema.shape)
export type ExportGroupsArgs = z.input<typeof ExportGroupsArgsSchema>

export interface ExportResult {
  /** Where the file was written; null when the user cancelled the save dialog. */
  path: string | null
  /** Data rows written (the header not counted). */
  rows: number
}

export const exportChannels = {
  /** Writes the groups matching the query to a CSV file chosen in a save dialog. */
  'export:groups': channel<ExportResult>()(ExportGroupsArgsSchema),
  /** Writes one group's participants to a CSV file chosen in a save dialog. */
  'export:participants': channel<ExportResult>()(AccountScopeSchema.extend({ id: z.string().min(1).max(200) })),
}
