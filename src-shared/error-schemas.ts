// Apart from errors.ts, so that code which only throws AppErrors (a worker thread's) loads no schema library.
import { z } from 'zod'
import { ERROR_CODES, type AppErrorData } from './errors'
import { UserTextSchema } from './i18n/user-text-schema'

export const ErrorCodeSchema = z.enum(ERROR_CODES)

export const AppErrorDataSchema = z.object({
  code: ErrorCodeSchema,
  /** What the user reads, as a key of the catalogs and its parameters. */
  text: UserTextSchema,
  /** Extra facts safe to show (HTTP status, server error details, retry-after seconds). */
  details: z.record(z.string(), z.unknown()).optional(),
}) satisfies z.ZodType<AppErrorData>
