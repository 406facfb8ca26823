import type { Handlers } from './dispatch'
import type { ExportService } from '../features/export'

export function exportHandlers(exports: ExportService): Pick<Handlers, 'export:groups' | 'export:participants'> {
  return {
    'export:groups': (query) => exports.exportGroups(query),
    'export:participants': ({ accountId, id }) => exports.exportParticipants(accountId, id),
  }
}
