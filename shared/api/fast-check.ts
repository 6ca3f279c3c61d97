import type { z } from 'zod'

/**
 * A fast yes/no for "does this value match the schema", compiled once from the zod schema itself
 * (so zod stays the one description of the API). Objects, arrays, records, unions, optional and
 * nullable are walked here without building a parsed copy; a leaf with a format or checks
 * (date-time, int32, guid, …) and any construct not listed below is answered by zod itself, so
 * the answer is always zod's. Used where most records match: only a record that does not goes
 * through zod's full parse for its issue list. A test compares both on every fixture and on
 * thousands of mutated records.
 */
export type FastCheck = (value: unknown) => boolean

interface Def {
  type: string
  format?: string
  checks?: unknown[]
  innerType?: z.ZodType
  element?: z.ZodType
  keyType?: z.ZodType
  valueType?: z.ZodType
  options?: z.ZodType[]
  shape?: Record<string, z.ZodType>
  catchall?: z.ZodType
  entries?: Record<string, string | number>
  pattern?: RegExp
}

const compiled = new WeakMap<z.ZodType, FastCheck>()

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function fastCheck(schema: z.ZodType): FastCheck {
  const cached = compiled.get(schema)
  if (cached) return cached
  // Set before compiling the parts, so a schema that contains itself cannot loop.
  let inner: FastCheck = (value) => schema.safeParse(value).success
  const late: FastCheck = (value) => inner(value)
  compiled.set(schema, late)
  inner = build(schema)
  return late
}

function build(schema: z.ZodType): FastCheck {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def
  const exact: FastCheck = (value) => schema.safeParse(value).success
  const plain = def.format === undefined && (def.checks === undefined || def.checks.length === 0)
  switch (def.type) {
    case 'optional': {
      const check = fastCheck(def.innerType!)
      return (value) => value === undefined || check(value)
    }
    case 'nullable': {
      const check = fastCheck(def.innerType!)
      return (value) => value === null || check(value)
    }
    case 'string': {
      if (plain) return (value) => typeof value === 'string'
      // A string format without further checks (date-time, guid) is zod's own regex.
      const pattern = def.pattern
      if (def.format !== undefined && !(def.checks?.length ?? 0) && pattern instanceof RegExp) {
        return (value) => typeof value === 'string' && pattern.test(value)
      }
      return (value) => typeof value === 'string' && exact(value)
    }
    case 'boolean':
      return plain ? (value) => typeof value === 'boolean' : exact
    case 'number': {
      if (plain) return (value) => typeof value === 'number' && Number.isFinite(value)
      const unchecked = !(def.checks?.length ?? 0)
      if (unchecked && def.format === 'int32') {
        return (value) =>
          typeof value === 'number' && Number.isInteger(value) && value >= -2147483648 && value <= 2147483647
      }
      if (unchecked && def.format === 'safeint') return (value) => Number.isSafeInteger(value)
      return exact
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}))
      return plain ? (value) => values.has(value as string) : exact
    }
    case 'unknown':
    case 'any':
      return () => true
    case 'never':
      return () => false
    case 'array': {
      if (!plain) return exact
      const check = fastCheck(def.element!)
      return (value) => Array.isArray(value) && value.every((item) => check(item))
    }
    case 'record': {
      const keyDef = (def.keyType as unknown as { _zod: { def: Def } })._zod.def
      const plainKeys = keyDef.type === 'string' && keyDef.format === undefined && !(keyDef.checks?.length ?? 0)
      if (!plain || !plainKeys) return exact
      const check = fastCheck(def.valueType!)
      return (value) => isObject(value) && Object.values(value).every((item) => check(item))
    }
    case 'union': {
      if (!plain) return exact
      const options = (def.options ?? []).map((option) => fastCheck(option))
      return (value) => options.some((check) => check(value))
    }
    case 'object': {
      if (!plain) return exact
      const entries = Object.entries(def.shape ?? {}).map(([key, part]) => [key, fastCheck(part)] as const)
      const known = new Set(Object.keys(def.shape ?? {}))
      const catchallType = def.catchall ? (def.catchall as unknown as { _zod: { def: Def } })._zod.def.type : 'strip'
      const extra: FastCheck | null =
        catchallType === 'strip' || catchallType === 'unknown' || catchallType === 'any'
          ? null
          : fastCheck(def.catchall!)
      return (value) => {
        if (!isObject(value)) return false
        for (const [key, check] of entries) if (!check(value[key])) return false
        if (extra !== null) {
          for (const key of Object.keys(value)) if (!known.has(key) && !extra(value[key])) return false
        }
        return true
      }
    }
    default:
      return exact
  }
}
