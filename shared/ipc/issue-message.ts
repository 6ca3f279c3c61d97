import type { z } from 'zod'

/**
 * A refused request said in words: which field, and what it may hold ("query: at most 500
 * characters"), derived from zod's own issue for every channel, so the message never needs to be
 * written by hand and never says only "not valid". Used by main's router and by the page's client
 * (which checks the same contract before a call leaves).
 */
export function invalidInputMessage(channel: string, error: z.ZodError, input?: unknown): string {
  const sentences = error.issues.map((issue) => issueSentence(issue, input))
  const shown = [...new Set(sentences)]
  const more = shown.length > MAX_SAID ? ` (and ${shown.length - MAX_SAID} more)` : ''
  return `The request to ${channel} was not valid: ${shown.slice(0, MAX_SAID).join('; ')}${more}.`
}

/** Issues named in one message; the rest are counted (all of them are in the details). */
const MAX_SAID = 3

type Issue = z.core.$ZodIssue

/** One issue as "field: what it may hold". */
export function issueSentence(issue: Issue, input?: unknown, prefix: readonly PropertyKey[] = []): string {
  const path = [...prefix, ...issue.path]
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `“${key}”`).join(', ')
    const where = path.length === 0 ? '' : ` in ${fieldName(path)}`
    return `${issue.keys.length === 1 ? 'unknown field' : 'unknown fields'} ${keys}${where} (not allowed here)`
  }
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    // The branch that came closest (fewest issues) says what was wrong.
    const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0]!
    if (closest.length > 0) return issueSentence(closest[0]!, input, path)
  }
  if ((issue.code === 'invalid_key' || issue.code === 'invalid_element') && issue.issues.length > 0) {
    return issueSentence(
      issue.issues[0]!,
      input,
      issue.code === 'invalid_element' ? [...path, issue.key as PropertyKey] : path
    )
  }
  // our own checks (refine) carry a sentence written for people
  const limit = limitOf(issue, valueAt(input, path)) ?? issue.message.replace(/\.$/, '')
  return path.length === 0 && limitOf(issue, undefined) === undefined ? limit : `${fieldName(path)}: ${limit}`
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.length === 0 ? 'the request' : path.map(String).join('.')
}

const count = (n: number | bigint) => (typeof n === 'bigint' ? n.toString() : n.toLocaleString('en'))
const plural = (n: number | bigint, one: string, many: string) => `${count(n)} ${Number(n) === 1 ? one : many}`

/** What the field may hold, from the issue's own numbers and names. */
function limitOf(issue: Issue, value: unknown): string | undefined {
  switch (issue.code) {
    case 'too_big': {
      const { maximum, inclusive } = issue
      const bound = inclusive === false ? 'fewer than' : 'at most'
      switch (issue.origin) {
        case 'string':
          return `${bound} ${plural(maximum, 'character', 'characters')}`
        case 'array':
        case 'set':
          return `${bound} ${plural(maximum, 'item', 'items')}`
        case 'file':
          return `${bound} ${plural(maximum, 'byte', 'bytes')}`
        case 'date':
          return `${inclusive === false ? 'before' : 'on or before'} ${new Date(Number(maximum)).toISOString()}`
        default:
          return `${inclusive === false ? 'less than' : 'at most'} ${count(maximum)}`
      }
    }
    case 'too_small': {
      const { minimum, inclusive } = issue
      const bound = inclusive === false ? 'more than' : 'at least'
      switch (issue.origin) {
        case 'string':
          return Number(minimum) === 1 && inclusive !== false
            ? 'must not be empty'
            : `${bound} ${plural(minimum, 'character', 'characters')}`
        case 'array':
        case 'set':
          return `${bound} ${plural(minimum, 'item', 'items')}`
        case 'file':
          return `${bound} ${plural(minimum, 'byte', 'bytes')}`
        case 'date':
          return `${inclusive === false ? 'after' : 'on or after'} ${new Date(Number(minimum)).toISOString()}`
        default:
          return `${inclusive === false ? 'greater than' : 'at least'} ${count(minimum)}`
      }
    }
    case 'invalid_type':
      if (value === undefined) return `is required (${article(issue.expected)})`
      return `must be ${article(issue.expected)}, not ${article(typeName(value))}`
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${literal(issue.values[0])}`
        : `must be one of ${issue.values.slice(0, 8).map(literal).join(', ')}${issue.values.length > 8 ? ', …' : ''}`
    case 'invalid_format':
      return issue.format === 'regex' || issue.format === 'starts_with' || issue.format === 'ends_with'
        ? 'is not in the expected form'
        : `must be a valid ${issue.format}`
    case 'not_multiple_of':
      return `must be a multiple of ${count(issue.divisor)}`
    case 'invalid_union':
      // a discriminated union whose tag matched no option
      return 'options' in issue && Array.isArray(issue.options)
        ? `must be one of ${(issue.options as unknown[]).map(literal).join(', ')}`
        : 'is not any of the allowed forms'
    default:
      return undefined
  }
}

const TYPE_NAMES: Record<string, string> = { int: 'whole number', safeint: 'whole number', nan: 'NaN' }

function article(type: string): string {
  const name = TYPE_NAMES[type] ?? type
  if (name === 'null' || name === 'undefined' || name === 'NaN') return name
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`
}

function typeName(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN'
  if (typeof value === 'number' && !Number.isInteger(value)) return 'number with a fraction'
  return typeof value
}

function literal(value: unknown): string {
  return typeof value === 'string' ? `“${value}”` : String(value)
}

/** The value at an issue's path in what was sent; undefined when it is not there. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined
    if (!Object.hasOwn(current, segment)) return undefined
    current = (current as Record<PropertyKey, unknown>)[segment]
  }
  return current
}
