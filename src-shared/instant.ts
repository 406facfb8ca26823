import { z } from 'zod'

/**
 * The one form of time on the contract: an ISO 8601 instant, "2026-06-01T08:00:00.000Z" (an
 * offset such as "+02:00" names the same instant and is taken too). A wall time never crosses
 * alone: where one matters (weekly slots, weekdays and hours of Insights) the zone it is read in
 * goes beside it, as an IANA name in its own field.
 */
export const InstantSchema = z.iso.datetime({ offset: true })
