import type { z } from 'zod'

// Walks a schema and a fixture side by side and lists every gap between them:
// - a declared key missing from the fixture (or null there, so its inner schema is unexercised),
// - a key in the fixture that the schema does not declare (a field the schema forgot, or a
//   typo), unless it is a deliberate `x_*` extra on a loose object,
// - an empty array or record (its element schema is unexercised).
// Fixtures are written by hand from the spec, so an empty list means schema and spec agree.

interface WalkedDef {
  type: string
  innerType?: z.ZodType
  element?: z.ZodType
  valueType?: z.ZodType
  shape?: Record<string, z.ZodType>
  catchall?: z.ZodType
}

const EXTRA_PREFIX = 'x_'

function defOf(schema: z.ZodType): WalkedDef {
  return schema._zod.def as unknown as WalkedDef
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isLoose(def: WalkedDef): boolean {
  return def.catchall !== undefined && defOf(def.catchall).type === 'unknown'
}

export function coverageGaps(schema: z.ZodType, value: unknown, path = '(root)'): string[] {
  const def = defOf(schema)
  switch (def.type) {
    case 'optional':
    case 'nullable':
      if (value === null || value === undefined) return [`${path}: null/absent, inner schema not exercised`]
      return coverageGaps(def.innerType as z.ZodType, value, path)
    case 'object': {
      if (!isPlainObject(value)) return [`${path}: expected an object`]
      const shape = def.shape ?? {}
      const gaps: string[] = []
      for (const [key, field] of Object.entries(shape)) {
        if (!Object.hasOwn(value, key)) gaps.push(`${path}.${key}: missing from fixture`)
        else gaps.push(...coverageGaps(field, value[key], `${path}.${key}`))
      }
      for (const key of Object.keys(value)) {
        if (Object.hasOwn(shape, key)) continue
        if (!(key.startsWith(EXTRA_PREFIX) && isLoose(def))) gaps.push(`${path}.${key}: not declared by the schema`)
      }
      return gaps
    }
    case 'array': {
      if (!Array.isArray(value)) return [`${path}: expected an array`]
      if (value.length === 0) return [`${path}: empty array, element schema not exercised`]
      return value.flatMap((item, i) => coverageGaps(def.element as z.ZodType, item, `${path}.${i}`))
    }
    case 'record': {
      if (!isPlainObject(value)) return [`${path}: expected an object`]
      const entries = Object.entries(value)
      if (entries.length === 0) return [`${path}: empty record, value schema not exercised`]
      return entries.flatMap(([key, item]) => coverageGaps(def.valueType as z.ZodType, item, `${path}.${key}`))
    }
    default:
      return []
  }
}
