import fc from 'fast-check'
import { z } from 'zod'
import { createToolAjv } from '../../../electron/main/toolserver/tool-ajv'

/*
 * fast-check arbitraries derived from a channel's input, through its JSON Schema (zod 4's
 * `z.toJSONSchema`; no zod-to-fast-check library supports zod 4). `validValue` builds inputs of
 * the right shape; `badInput` takes one and breaks it at one place (a wrong type, a missing or
 * extra key, a value out of range, a huge string, deep nesting, `__proto__` keys…) and says
 * where the refusal must point. Zod stays the judge: a mutation it happens to accept is not
 * counted as bad input.
 */

export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  pattern?: string
  format?: string
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  default?: unknown
}

export type Path = Array<string | number>

export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
}

/** The path as `describeIssues` writes it. */
export const pathText = (path: Path): string => path.map(String).join('.') || '(root)'

type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'array' | 'object'
const ANY = 'any'

const branchesOf = (schema: JsonSchema): JsonSchema[] | undefined => schema.anyOf ?? schema.oneOf

/** `anyOf [X, null]` is zod's nullable, not a union: zod reports inside X directly. */
function isUnion(schema: JsonSchema): boolean {
  const branches = branchesOf(schema)
  if (branches === undefined) return false
  return !(branches.length === 2 && branches.some((branch) => branch.type === 'null'))
}

/** The JSON types a schema allows, or ANY. */
function typesOf(schema: JsonSchema): Set<JsonType> | typeof ANY {
  const known = (values: unknown[]) =>
    new Set(values.map(jsonType).filter((type): type is JsonType => type !== 'other'))
  if (schema.const !== undefined) return known([schema.const])
  if (schema.enum !== undefined) return known(schema.enum)
  const branches = branchesOf(schema)
  if (branches !== undefined) {
    const all = new Set<JsonType>()
    for (const branch of branches) {
      const types = typesOf(branch)
      if (types === ANY) return ANY
      for (const type of types) all.add(type)
    }
    return all
  }
  if (schema.type === undefined) return ANY
  return new Set((Array.isArray(schema.type) ? schema.type : [schema.type]) as JsonType[])
}

function jsonType(value: unknown): JsonType | 'other' {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number')
    return Number.isInteger(value) ? 'integer' : Number.isFinite(value) ? 'number' : 'other'
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'object')
    return typeof value as JsonType
  return 'other'
}

function allowsType(types: Set<JsonType> | typeof ANY, value: unknown): boolean {
  if (types === ANY) return true
  const type = jsonType(value)
  if (type === 'other') return false
  return types.has(type) || (type === 'integer' && types.has('number'))
}

/** Looks like this branch (const and type agree), to walk into the branch a value took. */
function roughlyMatches(schema: JsonSchema, value: unknown): boolean {
  if (schema.const !== undefined) return value === schema.const
  if (schema.enum !== undefined) return schema.enum.includes(value)
  const branches = branchesOf(schema)
  if (branches !== undefined) return branches.some((branch) => roughlyMatches(branch, value))
  if (!allowsType(typesOf(schema), value)) return false
  if (schema.properties !== undefined && value !== null && typeof value === 'object') {
    for (const [key, property] of Object.entries(schema.properties)) {
      if (property.const !== undefined && (value as Record<string, unknown>)[key] !== property.const) return false
    }
  }
  return true
}

function branchFor(schema: JsonSchema, value: unknown): JsonSchema {
  const branches = branchesOf(schema)
  if (branches === undefined) return schema
  return branchFor(branches.find((branch) => roughlyMatches(branch, value)) ?? branches[0]!, value)
}

// ----------------------------------------------------------------------------------------------
// Valid shapes

const textUnit = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789 -_.éü')

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString())
  }
  if (schema.format === 'uri') {
    return fc.constantFrom(
      'https://api.example.test/v1',
      'http://127.0.0.1:9/partner',
      'https://auth.example.test/token'
    )
  }
  const min = schema.minLength ?? 0
  const max = Math.min(schema.maxLength ?? min + 24, min + 24)
  if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern)
    return fc.stringMatching(pattern).filter((text) => text.length >= min && text.length <= (schema.maxLength ?? 1e9))
  }
  // Starts with a letter, so a trimmed minimum still holds.
  return fc
    .string({ unit: textUnit, minLength: min, maxLength: max })
    .map((text) => (text.length === 0 ? text : `a${text.slice(1)}`))
}

function validInteger(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? -1000 : schema.exclusiveMinimum + 1)
  const max = schema.maximum ?? (schema.exclusiveMaximum === undefined ? min + 10_000 : schema.exclusiveMaximum - 1)
  return fc.integer({ min, max: Math.min(max, min + 10_000) })
}

const plainJson = fc.jsonValue({ maxDepth: 2 })

export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum)
  const branches = branchesOf(schema)
  if (branches !== undefined) return fc.oneof(...branches.map(validValue))
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => validValue({ ...schema, type })))
  switch (schema.type) {
    case 'string':
      return validString(schema)
    case 'integer':
      return validInteger(schema)
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array': {
      const min = schema.minItems ?? 0
      return fc.array(schema.items === undefined ? plainJson : validValue(schema.items), {
        minLength: min,
        maxLength: Math.min(schema.maxItems ?? min + 3, min + 3)
      })
    }
    case 'object': {
      if (schema.properties !== undefined && Object.keys(schema.properties).length > 0) {
        const shape = Object.fromEntries(
          Object.entries(schema.properties).map(([key, property]) => [key, validValue(property)])
        )
        return fc.record(shape, { requiredKeys: schema.required ?? [], noNullPrototype: true })
      }
      if (schema.properties !== undefined) return fc.constant({})
      const values =
        typeof schema.additionalProperties === 'object' ? validValue(schema.additionalProperties) : plainJson
      return fc.dictionary(fc.string({ unit: textUnit, maxLength: 8 }), values, { maxKeys: 3, noNullPrototype: true })
    }
    default:
      return plainJson
  }
}

// ----------------------------------------------------------------------------------------------
// Hostile values

/** An own `__proto__` key, as `JSON.parse` makes one (a literal would set the prototype). */
export const protoObject = (): Record<string, unknown> => JSON.parse('{"__proto__":{"polluted":"yes"},"a":1}')
export const constructorObject = (): Record<string, unknown> =>
  JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}}')

export function deepArray(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let i = 0; i < depth; i++) value = [value]
  return deep(value as object, `deepArray(${depth})`, `${'['.repeat(depth)}"bottom"${']'.repeat(depth)}`)
}

export function deepObject(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let i = 0; i < depth; i++) value = { a: value }
  return deep(value as object, `deepObject(${depth})`, `${'{"a":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`)
}

const deepJson = new WeakMap<object, string>()

/**
 * A deep value prints by name in a counterexample (fast-check's printer recurses, and would
 * overflow), and `jsonText` writes its JSON without recursing.
 */
function deep<T extends object>(value: T, name: string, json: string): T {
  Object.defineProperty(value, fc.toStringMethod, { value: () => name, enumerable: false })
  deepJson.set(value, json)
  return value
}

/** JSON.stringify, except that the deep values above are written without recursion. */
export function jsonText(value: unknown): string | undefined {
  const parts: string[] = []
  const text = JSON.stringify(value, (_key, inner: unknown) => {
    if (inner !== null && typeof inner === 'object' && deepJson.has(inner)) {
      parts.push(deepJson.get(inner)!)
      return `\u0000deep${parts.length - 1}\u0000`
    }
    return inner
  })
  return text?.replace(/"\\u0000deep(\d+)\\u0000"/g, (_match, index: string) => parts[Number(index)]!)
}

/** Values of every JSON type and a few that are not JSON at all. */
const hostileValues = (): unknown[] => [
  0,
  -1,
  1.5,
  2 ** 53,
  -(2 ** 31) - 1,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  null,
  '',
  'text',
  '\uD800',
  'a\u0000b',
  '1e3',
  [],
  [null],
  ['x', 1],
  {},
  protoObject(),
  constructorObject(),
  deepArray(5_000),
  deepObject(5_000)
]

/** Strings that are hostile but often allowed: NUL, lone surrogates, bidi overrides, formulas. */
export const hostileStrings = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uD800',
  '\u202Egnp.exe',
  '=HYPERLINK("http://evil.example","x")',
  "+cmd|' /C calc'!A0",
  '@SUM(1+1)*cmd|',
  '-2+3',
  '\r\n"quoted",field\n',
  '__proto__',
  'constructor',
  '../../../etc/passwd',
  'C:\\Windows\\system32',
  '%00%2e%2e',
  "'; DROP TABLE members; --",
  '" OR 1=1 --',
  'MATCH NEAR( * ) AND OR NOT "',
  '\uFEFFbom',
  '👩‍💻🏳️‍🌈',
  'ﷺ'.repeat(50)
]

/** Keys an attacker would add to an object. */
const extraKeys = [
  'surplus',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  '\u0000',
  '\uD800'
]

// ----------------------------------------------------------------------------------------------
// Mutations

export interface BadInput {
  input: unknown
  /** What was done, for the failure message. */
  kind: string
  /** Where the refusal must point. */
  at: Path
  /** Extra keys are reported at their object; the message must name the key. */
  mentions?: string
  /** Depth of the deepest union on the way (Infinity: none): zod may report there when it cannot pick a branch. */
  unionDepth: number
  /** The mutated place is itself a union: zod may report inside the branch it chose. */
  siteIsUnion: boolean
  /**
   * The new value breaks its own field's JSON Schema (checked with Ajv, independently of zod), or
   * a key was removed or added. When false, the input was broken elsewhere, by a rule across
   * fields (startRefresh: handles or a shortlist), and the refusal may point there instead.
   */
  fieldBroken: boolean
}

const ajv = createToolAjv()
const compiled = new WeakMap<JsonSchema, (value: unknown) => boolean>()
function fits(schema: JsonSchema, value: unknown): boolean {
  let check = compiled.get(schema)
  if (check === undefined) {
    const validate = ajv.compile(schema)
    check = (inner) => validate(inner) === true
    compiled.set(schema, check)
  }
  return check(value)
}

interface Site {
  path: Path
  schema: JsonSchema
  value: unknown
  present: boolean
  required: boolean
  unionDepth: number
}

function collectSites(
  schema: JsonSchema,
  value: unknown,
  path: Path,
  out: Site[],
  present: boolean,
  required: boolean,
  unionDepth: number
): void {
  const depth = isUnion(schema) ? path.length : unionDepth
  out.push({ path, schema, value, present, required, unionDepth: depth })
  if (!present || value === null || typeof value !== 'object') return
  const branch = branchFor(schema, value)
  if (Array.isArray(value)) {
    const items = branch.items
    if (items !== undefined) value.forEach((item, i) => collectSites(items, item, [...path, i], out, true, true, depth))
    return
  }
  const record = value as Record<string, unknown>
  if (branch.properties !== undefined) {
    for (const [key, property] of Object.entries(branch.properties)) {
      const has = Object.hasOwn(record, key)
      collectSites(property, record[key], [...path, key], out, has, branch.required?.includes(key) ?? false, depth)
    }
  } else if (typeof branch.additionalProperties === 'object') {
    for (const [key, inner] of Object.entries(record)) {
      collectSites(branch.additionalProperties, inner, [...path, key], out, true, true, depth)
    }
  }
}

const REMOVE = Symbol('remove')
type Change =
  | { kind: string; replacement: unknown }
  | { kind: 'missing'; replacement: typeof REMOVE }
  | { kind: 'extra key'; key: string; value: unknown }

function changesAt(site: Site): fc.Arbitrary<Change>[] {
  const { schema, value } = site
  const branch = site.present ? branchFor(schema, value) : schema
  const types = typesOf(schema)
  const out: fc.Arbitrary<Change>[] = []
  const replace = (kind: string, values: unknown[]) => {
    if (values.length > 0) out.push(fc.constantFrom(...values).map((replacement) => ({ kind, replacement })))
  }
  if (types !== ANY) {
    replace(
      'wrong type',
      hostileValues().filter((candidate) => !allowsType(types, candidate))
    )
  }
  if (site.present && site.required && site.path.length > 0) {
    out.push(fc.constant({ kind: 'missing' as const, replacement: REMOVE }))
  }
  if (
    site.present &&
    branch.additionalProperties === false &&
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value)
  ) {
    out.push(
      fc
        .record({
          key: fc.constantFrom(...extraKeys),
          value: fc.constantFrom<unknown>('x', 1, { polluted: 'yes' }, null)
        })
        .map(({ key, value: inner }) => ({ kind: 'extra key' as const, key, value: inner }))
    )
  }
  if (schema.const !== undefined || schema.enum !== undefined) {
    const known = schema.const !== undefined ? [schema.const] : (schema.enum ?? [])
    const first = String(known[0])
    replace('not one of the values', [
      'NotAValue',
      first.toUpperCase() + 'x',
      `${first} `,
      first.toLowerCase() + '\u0000'
    ])
  }
  if (branch.type === 'string' || (Array.isArray(branch.type) && branch.type.includes('string'))) {
    const max = branch.maxLength
    if (max !== undefined) {
      replace('too long', [
        'x'.repeat(max + 1),
        'é'.repeat(max + 1),
        `${'\uD800'.repeat(Math.min(max + 1, 10))}${'y'.repeat(Math.max(0, max + 1 - 10))}`,
        'z'.repeat(Math.max(max + 1, 1_000_000))
      ])
    }
    if ((branch.minLength ?? 0) > 0) replace('too short', ['', ' '.repeat(branch.minLength ?? 1), '\t\n'])
    if (branch.pattern !== undefined) {
      replace('not matching', ['', ' ', '1abc', 'a b', 'profile', '../../etc/passwd', '\u0000', 'a'.repeat(65)])
    }
    if (branch.format === 'uri') {
      replace('not a web address', [
        'not a url',
        'javascript:alert(1)',
        'file:///etc/passwd',
        'ftp://example.test',
        '//example.test',
        'http://'
      ])
    }
    if (branch.format === 'date-time') {
      replace('not an instant', ['2024-02-30T00:00:00Z', 'yesterday', '2024-01-01', '2024-01-01T25:00:00Z', '\uD800'])
    }
  }
  if (branch.type === 'integer' || branch.type === 'number') {
    const values: unknown[] = []
    if (branch.minimum !== undefined) values.push(branch.minimum - 1, -1e308)
    if (branch.exclusiveMinimum !== undefined) values.push(branch.exclusiveMinimum, -1e308)
    if (branch.maximum !== undefined) values.push(branch.maximum + 1, 1e308)
    if (branch.type === 'integer') values.push(0.5, 2 ** 53 + 2, -(2 ** 53) - 2)
    replace('out of range', values)
  }
  if (branch.type === 'array' && Array.isArray(value)) {
    if (branch.maxItems !== undefined) {
      const filler = value[0] ?? null
      replace('too many items', [Array.from({ length: branch.maxItems + 1 }, () => filler)])
    }
    if ((branch.minItems ?? 0) > 0) replace('too few items', [[]])
  }
  return out
}

function apply(base: unknown, site: Site, change: Change): unknown {
  const root = structuredClone(base)
  if (site.path.length === 0) {
    if ('replacement' in change) return change.replacement
    return withOwn(root as Record<string, unknown>, change.key, change.value)
  }
  let parent = root as Record<string | number, unknown>
  for (const key of site.path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>
  const last = site.path.at(-1)!
  if ('key' in change) {
    withOwn(parent[last] as Record<string, unknown>, change.key, change.value)
  } else if (change.replacement === REMOVE) {
    delete parent[last]
  } else {
    withOwn(parent, last, change.replacement)
  }
  return root
}

/** Sets an own, enumerable property, even for `__proto__` (as JSON.parse does). */
function withOwn<T extends object>(target: T, key: string | number, value: unknown): T {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  return target
}

/**
 * A channel input broken at one place, with where the refusal must point. `isValid` (zod's
 * answer) keeps only bases that are valid as a whole: a JSON Schema cannot say everything zod
 * checks (startRefresh wants handles or a shortlist, not both).
 */
export function badInput(
  schema: JsonSchema,
  isValid: (value: unknown) => boolean = () => true
): fc.Arbitrary<BadInput> {
  return validValue(schema)
    .filter(isValid)
    .chain((base) => {
      const sites: Site[] = []
      collectSites(schema, base, [], sites, true, true, Number.POSITIVE_INFINITY)
      const options = sites.flatMap((site) => changesAt(site).map((change) => ({ site, change })))
      return fc
        .constantFrom(...options)
        .chain(({ site, change }) => change.map((chosen) => ({ site, chosen })))
        .map(({ site, chosen }) => {
          const extra = 'key' in chosen
          const fieldBroken = extra || chosen.replacement === REMOVE || !fits(site.schema, chosen.replacement)
          return {
            input: apply(base, site, chosen),
            kind: extra ? `extra key ${JSON.stringify(chosen.key)}` : chosen.kind,
            at: site.path,
            ...(extra ? { mentions: chosen.key } : {}),
            unionDepth: site.unionDepth,
            siteIsUnion: isUnion(site.schema),
            fieldBroken
          }
        })
    })
}

/**
 * Inputs of the right shape whose strings are hostile (NUL, lone surrogates, formulas, up to the
 * longest allowed) and whose free-form values are hostile JSON (deep, `__proto__` keys): what the
 * contract lets through must still be handled without a crash.
 */
export function hostileValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined || schema.enum !== undefined) return validValue(schema)
  const branches = branchesOf(schema)
  if (branches !== undefined) return fc.oneof(...branches.map(hostileValue))
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => hostileValue({ ...schema, type })))
  switch (schema.type) {
    case 'string': {
      if (schema.format !== undefined || schema.pattern !== undefined) return validString(schema)
      const max = schema.maxLength ?? 100_000
      const fit = (text: string) => (text.length > max ? text.slice(0, max) : text)
      return fc.oneof(
        validString(schema),
        fc.constantFrom(...hostileStrings).map(fit),
        fc.constant('w'.repeat(Math.min(max, 2_000_000))),
        fc.string({ unit: 'binary', minLength: schema.minLength ?? 0, maxLength: Math.min(max, 40) })
      )
    }
    case 'array': {
      const min = schema.minItems ?? 0
      return fc.array(schema.items === undefined ? hostileJson : hostileValue(schema.items), {
        minLength: min,
        maxLength: Math.min(schema.maxItems ?? min + 3, min + 3)
      })
    }
    case 'object': {
      if (schema.properties !== undefined && Object.keys(schema.properties).length > 0) {
        const shape = Object.fromEntries(
          Object.entries(schema.properties).map(([key, property]) => [key, hostileValue(property)])
        )
        return fc.record(shape, { requiredKeys: schema.required ?? [], noNullPrototype: true })
      }
      if (schema.properties !== undefined) return fc.constant({})
      return hostileJson.map((value) =>
        value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { value }
      )
    }
    case undefined:
      return hostileJson
    default:
      return validValue(schema)
  }
}

const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom<unknown>(
    protoObject(),
    constructorObject(),
    deepArray(5_000),
    deepObject(5_000),
    { key: '__proto__', full_name: '\uD800\u0000' },
    { key: 'k-1', full_name: "=cmd|' /C calc'!A0", __proto__x: 1 }
  ),
  fc.object({ maxDepth: 2, withNullPrototype: true })
)

/** Does one of the details point where the input was broken? */
export function namesTheField(details: unknown, bad: BadInput): boolean {
  if (!Array.isArray(details) || details.length === 0) return false
  if (!bad.fieldBroken) return true
  const target = bad.at
  return details.some((detail: { path?: unknown; message?: unknown }) => {
    if (typeof detail?.path !== 'string' || typeof detail.message !== 'string') return false
    if (bad.mentions !== undefined) return detail.path === pathText(target) && detail.message.includes(bad.mentions)
    if (detail.path === pathText(target)) return true
    for (let depth = bad.unionDepth; depth < target.length; depth++) {
      // zod reports at a union when it cannot tell which branch the input meant
      if (detail.path === pathText(target.slice(0, depth))) return true
    }
    // a union at the broken place: zod reports inside the branch it chose
    return bad.siteIsUnion && detail.path.startsWith(`${pathText(target)}.`)
  })
}
