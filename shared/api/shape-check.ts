import type { z } from 'zod'

/**
 * A fast structural yes/no for "does this value match the schema", compiled once from the zod schema itself
 * (so zod stays the one description of the API). Objects, arrays, records, unions, optional and
 * nullable are walked here without building a parsed copy; a leaf with a format or checks
 * (date-time, int32, guid, …) and any construct not listed below is answered by zod itself, so
 * the answer is always zod's. Used where most records match: only a record that does not goes
 * through zod's full parse for its issue list. A test compares both on every fixture and on
 * thousands of mutated records.
 */
export type ShapeCheck = (value: unknown) => boolean

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

const compiled = new WeakMap<z.ZodType, ShapeCheck>()
/** Schemas being compiled right now: meeting one again means the schema contains itself. */
const building = new Set<z.ZodType>()

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def

export function shapeCheck(schema: z.ZodType): ShapeCheck {
  const cached = compiled.get(schema)
  if (cached) return cached
  // A schema that contains itself: the inner reference looks the finished check up when called.
  if (building.has(schema)) return (value) => compiled.get(schema)!(value)
  building.add(schema)
  try {
    const check = build(schema)
    compiled.set(schema, check)
    return check
  } finally {
    building.delete(schema)
  }
}

/**
 * How a field or an array element is checked without a call per value: the optional and
 * nullable wrappers unwrapped (null and undefined are answered inline, and absent fields cost
 * no call at all), and a plain string, number or boolean tested inline. Anything else calls
 * the compiled check of what the wrappers hold.
 */
interface Slot {
  /** An optional / nullable wrapper accepts undefined / null (otherwise what it holds decides). */
  undef: boolean
  nul: boolean
  leaf: Leaf
  /** The check of what the wrappers hold. */
  inner: ShapeCheck
}
const enum Leaf {
  Other,
  Any,
  String,
  Number,
  Boolean
}

function slotOf(part: z.ZodType): Slot {
  let schema = part
  let undef = false
  let nul = false
  for (;;) {
    const def = defOf(schema)
    if (def.type === 'optional') undef = true
    else if (def.type === 'nullable') nul = true
    else break
    schema = def.innerType!
  }
  const def = defOf(schema)
  const plain = def.format === undefined && (def.checks === undefined || def.checks.length === 0)
  const leaf =
    def.type === 'unknown' || def.type === 'any'
      ? Leaf.Any
      : !plain
        ? Leaf.Other
        : def.type === 'string'
          ? Leaf.String
          : def.type === 'number'
            ? Leaf.Number
            : def.type === 'boolean'
              ? Leaf.Boolean
              : Leaf.Other
  return {
    undef: undef || leaf === Leaf.Any,
    nul: nul || leaf === Leaf.Any,
    leaf,
    inner: shapeCheck(schema)
  }
}

/** `slot` holds `value`: the wrappers and plain leaves inline, the rest by a call. */
function holds(slot: Slot, value: unknown): boolean {
  if (value === undefined) return slot.undef || slot.inner(value)
  if (value === null) return slot.nul || slot.inner(value)
  switch (slot.leaf) {
    case Leaf.Any:
      return true
    case Leaf.String:
      return typeof value === 'string'
    case Leaf.Number:
      return typeof value === 'number' && Number.isFinite(value)
    case Leaf.Boolean:
      return typeof value === 'boolean'
    default:
      return slot.inner(value)
  }
}

function build(schema: z.ZodType): ShapeCheck {
  const def = defOf(schema)
  const exact: ShapeCheck = (value) => schema.safeParse(value).success
  const plain = def.format === undefined && (def.checks === undefined || def.checks.length === 0)
  switch (def.type) {
    case 'optional':
    case 'nullable': {
      const slot = slotOf(schema)
      return (value) => holds(slot, value)
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
      const slot = slotOf(def.element!)
      return (value) => {
        if (!Array.isArray(value)) return false
        for (let i = 0; i < value.length; i++) if (!holds(slot, value[i])) return false
        return true
      }
    }
    case 'record': {
      const keyDef = defOf(def.keyType!)
      const plainKeys = keyDef.type === 'string' && keyDef.format === undefined && !(keyDef.checks?.length ?? 0)
      if (!plain || !plainKeys) return exact
      const slot = slotOf(def.valueType!)
      if (slot.leaf === Leaf.Any) return isObject
      return (value) => {
        if (!isObject(value)) return false
        for (const key of Object.keys(value)) if (!holds(slot, value[key])) return false
        return true
      }
    }
    case 'union': {
      if (!plain) return exact
      const options = (def.options ?? []).map((option) => shapeCheck(option))
      return (value) => options.some((check) => check(value))
    }
    case 'object': {
      if (!plain) return exact
      const shape = def.shape ?? {}
      // Records carry a few of the many declared fields: walking the record's own keys (for…in,
      // which V8 reads through its enum cache) is cheaper than asking it for every declared one.
      const slots = new Map(Object.keys(shape).map((key) => [key, slotOf(shape[key]!)] as const))
      // Fields that must be there (not optional): checked by name as well, in case they are absent.
      const required = [...slots].filter(([, slot]) => !slot.undef)
      const catchallType = def.catchall ? defOf(def.catchall).type : 'strip'
      const extra: ShapeCheck | null =
        catchallType === 'strip' || catchallType === 'unknown' || catchallType === 'any'
          ? null
          : shapeCheck(def.catchall!)
      return (value) => {
        if (!isObject(value)) return false
        for (const key in value) {
          const slot = slots.get(key)
          if (slot !== undefined) {
            if (!holds(slot, value[key])) return false
          } else if (extra !== null && !extra(value[key])) return false
        }
        for (let i = 0; i < required.length; i++) {
          const [key, slot] = required[i]!
          if (!holds(slot, value[key])) return false
        }
        return true
      }
    }
    default:
      return exact
  }
}
