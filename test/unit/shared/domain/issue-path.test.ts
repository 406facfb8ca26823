import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { describeZodError, formatIssuePath } from '@shared/domain'

describe('formatIssuePath', () => {
  it('reads like a JavaScript accessor', () => {
    expect(formatIssuePath(['groups', 17, 'last_message', 'poll', 'options'])).toBe('groups[17].last_message.poll.options')
    expect(formatIssuePath([0, 'a'])).toBe('[0].a')
    expect(formatIssuePath(['a', 'odd key', 'b'])).toBe('a["odd key"].b')
    expect(formatIssuePath([])).toBe('')
  })

  it('prefixes the path of a value parsed on its own', () => {
    const result = z.object({ n: z.number() }).safeParse({ n: 'x' })
    expect(result.success).toBe(false)
    if (!result.success) {
      expect(describeZodError(result.error, ['groups', 3])).toEqual({
        path: 'groups[3].n',
        message: 'Invalid input: expected number, received string',
      })
    }
  })
})
