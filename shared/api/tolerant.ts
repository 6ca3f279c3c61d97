import type { z } from 'zod'
import { shapeCheck } from './shape-check'

// Tolerant parsing for API responses: a response that does not match the schema is still the
// recruiter's data, so it is returned untouched together with what did not match.

/** One mismatch. `path` is dot-joined (`positions.0.start`); '' means the value itself. */
export interface ApiIssue {
  path: string
  message: string
}

export type TolerantResult<T> = { ok: true; value: T; issues: [] } | { ok: false; value: unknown; issues: ApiIssue[] }

function joinPath(path: readonly PropertyKey[]): string {
  return path.map((segment) => String(segment)).join('.')
}

/**
 * Flattens a zod error into path/message pairs. zod reports unknown keys of a strict object
 * once, at the object's path; they are split here so each names its own path
 * (`positions.0.foo`).
 */
export function formatIssues(error: z.ZodError): ApiIssue[] {
  const issues: ApiIssue[] = []
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        issues.push({ path: joinPath([...issue.path, key]), message: `Unrecognized key "${key}"` })
      }
    } else {
      issues.push({ path: joinPath(issue.path), message: issue.message })
    }
  }
  return issues
}

/**
 * Parses `data` with `schema`. On success `value` is the parsed value (undeclared properties
 * of loose objects included). On failure `value` is `data` itself, not a copy and not a
 * partial parse, so nothing the server sent is lost, and `issues` lists every mismatch.
 */
export function parseTolerant<S extends z.ZodType>(schema: S, data: unknown): TolerantResult<z.output<S>> {
  const result = schema.safeParse(data)
  if (result.success) return { ok: true, value: result.data, issues: [] }
  return { ok: false, value: data, issues: formatIssues(result.error) }
}

/**
 * Only the mismatches of `data` against `schema` (empty when it matches), for callers that keep
 * the value as received. Most records match, so a compiled yes/no runs first (./shape-check) and
 * only a record it rejects pays for zod's full parse, which names each issue.
 */
export function issuesOf(schema: z.ZodType, data: unknown): ApiIssue[] {
  if (shapeCheck(schema)(data)) return []
  return parseTolerant(schema, data).issues
}
