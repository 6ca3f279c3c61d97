import type { z } from 'zod'
import { formatIssues, type ApiIssue } from '../../../shared/api'

/**
 * A deep copy of `source` with the value at `path` replaced (the fixture itself is untouched).
 * Copied through JSON, not structuredClone: fixtures share sub-objects, and structuredClone
 * keeps the sharing, so one change would show up at every place the sub-object is used.
 */
export function withValue<T>(source: T, path: readonly (string | number)[], value: unknown): T {
  const copy = JSON.parse(JSON.stringify(source)) as T
  let node = copy as unknown as Record<string | number, unknown>
  for (const segment of path.slice(0, -1)) {
    const next = node[segment]
    if (typeof next !== 'object' || next === null) throw new Error(`no object at ${String(segment)}`)
    node = next as Record<string | number, unknown>
  }
  const last = path.at(-1)
  if (last === undefined) throw new Error('empty path')
  node[last] = value
  return copy
}

/** Issues of a failed parse ([] when it succeeds). */
export function issuesOf(schema: z.ZodType, data: unknown): ApiIssue[] {
  const result = schema.safeParse(data)
  return result.success ? [] : formatIssues(result.error)
}

export function issuePaths(schema: z.ZodType, data: unknown): string[] {
  return issuesOf(schema, data).map((issue) => issue.path)
}
