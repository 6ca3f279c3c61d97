import type { z } from 'zod'

/**
 * Free-form JSON the page sends on to the service (a conversation's query, a tool's arguments)
 * is written with JSON.stringify, which recurses: a value nested thousands deep overflows the
 * stack there, and surfaced as "could not reach the service". No query or argument object the
 * service describes comes near this depth.
 */
export const MAX_SENT_JSON_DEPTH = 64

/** Whether `value` nests objects and arrays deeper than `limit`, walked with a stack (no recursion). */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]]
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!
    if (current === null || typeof current !== 'object') continue
    if (depth > limit) return true
    for (const child of Object.values(current)) {
      if (child !== null && typeof child === 'object') pending.push([child, depth + 1])
    }
  }
  return false
}

/** The schema, refusing (naming the field) a value nested deeper than MAX_SENT_JSON_DEPTH. */
export function notTooDeep<T extends z.ZodType>(schema: T): T {
  return schema.refine((value) => !nestedDeeperThan(value, MAX_SENT_JSON_DEPTH), {
    message: `Nested more than ${MAX_SENT_JSON_DEPTH} levels deep; the service takes nothing like it.`
  }) as T
}
