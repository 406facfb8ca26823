// Apart from user-text.ts, so that code which only builds texts (a worker thread's) loads no schema library.
import { z } from 'zod'
import { MAX_PARAM_LENGTH, type UserText } from './user-text'

/**
 * A UserText as read back from the bridge or disk. The key is any short dotted name, so that an
 * item written by a newer version still reads; a key this version lacks is shown by its error code.
 */
export const UserTextSchema = z.object({
  key: z
    .string()
    .regex(/^[\w-]+(\.[\w-]+)+$/)
    .max(160),
  params: z.record(z.string().max(40), z.union([z.string().transform((value) => value.slice(0, MAX_PARAM_LENGTH)), z.number()])).optional(),
}) as unknown as z.ZodType<UserText>
