import type { z } from 'zod'

export interface ParseIssue {
  /** Where the problem is, like `groups[17].last_message.poll.options`. */
  path: string
  message: string
}

export type ParseOutcome<T> = { success: true; data: T } | { success: false; issue: ParseIssue }

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** Formats a zod issue path the way a JavaScript accessor reads: `a[3].b["odd key"]`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else if (typeof key === 'string' && IDENTIFIER.test(key)) out += out === '' ? key : `.${key}`
    else out += `[${JSON.stringify(String(key))}]`
  }
  return out
}

type Issue = z.core.$ZodIssue

/**
 * A union reports "no branch matched" at the union itself; the branch that got furthest
 * into the value names the real problem, so that is the one reported.
 */
function deepest(issue: Issue): { path: PropertyKey[]; message: string } {
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    let best: { path: PropertyKey[]; message: string } | undefined
    for (const branch of issue.errors) {
      for (const inner of branch) {
        const candidate = deepest(inner)
        if (!best || candidate.path.length > best.path.length) best = candidate
      }
    }
    if (best && best.path.length > 0) return { path: [...issue.path, ...best.path], message: best.message }
  }
  return { path: [...issue.path], message: issue.message }
}

/** The first problem of a failed parse, with its path prefixed by where the value sat. */
export function describeZodError(error: z.ZodError, prefix: readonly PropertyKey[] = []): ParseIssue {
  const first = error.issues[0]
  if (!first) return { path: formatIssuePath(prefix), message: 'Invalid value' }
  const { path, message } = deepest(first)
  return { path: formatIssuePath([...prefix, ...path]), message }
}

/** Parses with `schema` and turns a failure into one path-naming issue. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, prefix: readonly PropertyKey[] = []): ParseOutcome<z.output<S>> {
  const result = schema.safeParse(value)
  return result.success ? { success: true, data: result.data } : { success: false, issue: describeZodError(result.error, prefix) }
}
