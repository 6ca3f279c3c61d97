/*
 * A tool's input schema (JSON Schema, as the tool server sent it) as a form (the fields, their
 * kinds, bounds and hints); form-values.ts turns the form's values into the call's arguments and
 * back. Pure: no Svelte, no validation library — main checks the arguments
 * against the schema with Ajv before anything is sent, and this page's CSP forbids the code Ajv
 * compiles. The form covers a clear subset; any property outside it is written as JSON in a
 * field of its own, and the whole arguments object can always be written as JSON.
 */

import { plainMessage } from '../../../../shared/json-schema-words'

export { plainMessage }

/** One choice of an enum: `key` is the value as JSON (unique, and what a <select> holds). */
export interface EnumOption {
  key: string
  label: string
  value: unknown
}

interface FieldBase {
  /** The property's name in the arguments object. */
  name: string
  /** The schema's title, else the property name. */
  label: string
  /** The schema's description. */
  help: string | null
  required: boolean
  /** `null` is allowed (a type list with "null", an enum with null, or anyOf [X, null]). */
  nullable: boolean
  /** Short lines shown under the field: range, lengths, format, default. */
  hints: string[]
  /** The schema's default, when it has one (the field starts with it). */
  default: { value: unknown } | null
}

export type TextField = FieldBase & {
  kind: 'text'
  inputType: 'text' | 'email' | 'url' | 'date'
  format: string | null
  minLength: number | null
  maxLength: number | null
  pattern: string | null
}
export type NumberField = FieldBase & {
  kind: 'number'
  integer: boolean
  minimum: number | null
  maximum: number | null
  /** The bound itself is not allowed (exclusiveMinimum / exclusiveMaximum). */
  exclusiveMinimum: boolean
  exclusiveMaximum: boolean
  /** The input's step: 1 for integers, multipleOf when given, else "any". */
  step: number | 'any'
}
/** A checkbox; or, when optional with no default, a choice of not set / true / false. */
export type BooleanField = FieldBase & { kind: 'boolean'; tristate: boolean }
export type SelectField = FieldBase & { kind: 'select'; options: EnumOption[] }
/** An array of strings or numbers: one item per line. */
export type LinesField = FieldBase & {
  kind: 'lines'
  item: 'string' | 'number' | 'integer'
  minItems: number | null
  maxItems: number | null
}
/** An array of enum values: one toggle per choice. */
export type ChoicesField = FieldBase & {
  kind: 'choices'
  options: EnumOption[]
  minItems: number | null
  maxItems: number | null
}
/** Anything else, written as JSON; `reason` says what the schema asks for, in words. */
export type JsonField = FieldBase & { kind: 'json'; reason: string }

export type Field = TextField | NumberField | BooleanField | SelectField | LinesField | ChoicesField | JsonField

export interface FormModel {
  fields: Field[]
  /** Why the arguments can only be written as JSON (the schema is not an object with properties); null when the form covers them. */
  rawOnly: string | null
  /** Properties beyond the listed ones are allowed (additionalProperties is not false). */
  openEnded: boolean
}

/** A field's value as the form holds it: text for inputs and selects, a flag, or the chosen keys. */
export type FieldValue = string | boolean | string[]
export type FormValues = Record<string, FieldValue>

export type Arguments = Record<string, unknown>

export type Schema = Record<string, unknown>

export const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isPrimitive = (value: unknown): boolean =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'

const numberOr = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null)

/** Keywords the form does not read: a property using one is written as JSON. */
const composite = ['$ref', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else', 'dependentSchemas'] as const

/** The form's model of a tool's input schema. */
export function formModel(schema: unknown): FormModel {
  if (!isSchema(schema)) return { fields: [], rawOnly: 'The tool server sent no input schema.', openEnded: true }
  const used = composite.filter((keyword) => keyword in schema)
  if (used.length > 0) {
    return { fields: [], rawOnly: `Its input schema uses ${used.join(', ')}.`, openEnded: true }
  }
  const types = typeList(schema.type)
  if (types !== null && !types.includes('object')) {
    return { fields: [], rawOnly: `Its input schema is not an object (${types.join(' or ')}).`, openEnded: true }
  }
  const properties = isSchema(schema.properties) ? schema.properties : {}
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((n) => typeof n === 'string') : [])
  const fields = Object.entries(properties).map(([name, property]) => field(name, property, required.has(name)))
  return { fields, rawOnly: null, openEnded: schema.additionalProperties !== false }
}

function typeList(type: unknown): string[] | null {
  if (typeof type === 'string') return [type]
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string')
  return null
}

/** `anyOf`/`oneOf` of one schema and `{ type: "null" }` — how many generators write "optional" — as that schema, nullable. */
function unwrapNullable(schema: Schema): { schema: Schema; nullable: boolean } {
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword]
    if (!Array.isArray(branches) || branches.length !== 2 || !branches.every(isSchema)) continue
    const nullIndex = branches.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1)
    if (nullIndex === -1) continue
    const other = branches[1 - nullIndex] as Schema
    const { [keyword]: _dropped, ...outer } = schema
    return { schema: { ...other, ...outer }, nullable: true }
  }
  return { schema, nullable: false }
}

function field(name: string, raw: unknown, required: boolean): Field {
  const base = (schema: Schema, nullable: boolean): FieldBase => ({
    name,
    label: typeof schema.title === 'string' && schema.title.trim() !== '' ? schema.title : name,
    help: typeof schema.description === 'string' && schema.description.trim() !== '' ? schema.description : null,
    required,
    nullable,
    hints: [],
    default: 'default' in schema ? { value: schema.default } : null
  })
  if (raw === true || (isSchema(raw) && Object.keys(raw).length === 0)) {
    return json(base({}, true), 'any JSON value')
  }
  if (!isSchema(raw)) return json(base({}, false), 'a value this form does not read')
  const unwrapped = unwrapNullable(raw)
  const schema = unwrapped.schema
  const types = typeList(schema.type) ?? []
  const nullable = unwrapped.nullable || types.includes('null')
  const used = composite.filter((keyword) => keyword in schema)
  if (used.length > 0) return json(base(schema, nullable), `a value described with ${used.join(', ')}`)

  const choices = enumOptions(schema)
  if (choices !== null) {
    const options = choices.filter((option) => option.value !== null)
    const withNull = nullable || options.length < choices.length
    return withHints({ ...base(schema, withNull), kind: 'select', options })
  }
  const kinds = types.filter((t) => t !== 'null')
  if (kinds.length !== 1) {
    return json(base(schema, nullable), kinds.length === 0 ? 'any JSON value' : `one of ${kinds.join(', ')}`)
  }
  const kind = kinds[0]
  switch (kind) {
    case 'string': {
      const format = typeof schema.format === 'string' ? schema.format : null
      return withHints({
        ...base(schema, nullable),
        kind: 'text',
        inputType:
          format === 'email'
            ? 'email'
            : format === 'uri' || format === 'url'
              ? 'url'
              : format === 'date'
                ? 'date'
                : 'text',
        format,
        minLength: numberOr(schema.minLength),
        maxLength: numberOr(schema.maxLength),
        pattern: typeof schema.pattern === 'string' ? schema.pattern : null
      })
    }
    case 'number':
    case 'integer': {
      const integer = kind === 'integer'
      const multipleOf = numberOr(schema.multipleOf)
      const low = bound(schema.minimum, schema.exclusiveMinimum, 'min')
      const high = bound(schema.maximum, schema.exclusiveMaximum, 'max')
      return withHints({
        ...base(schema, nullable),
        kind: 'number',
        integer,
        minimum: low.value,
        exclusiveMinimum: low.exclusive,
        maximum: high.value,
        exclusiveMaximum: high.exclusive,
        step: multipleOf ?? (integer ? 1 : 'any')
      })
    }
    case 'boolean': {
      const fieldBase = base(schema, nullable)
      return withHints({ ...fieldBase, kind: 'boolean', tristate: !required && fieldBase.default === null })
    }
    case 'array':
      return arrayField(base(schema, nullable), schema)
    case 'object':
      return json(base(schema, nullable), 'a nested object')
    default:
      return json(base(schema, nullable), `a ${kind} value`)
  }
}

/**
 * A JSON Schema bound as the input's min or max: draft-07's numeric exclusiveMinimum, or
 * draft-04's minimum with exclusiveMinimum: true.
 */
/**
 * A JSON Schema bound as the input's min or max: draft-07's numeric exclusiveMinimum, or
 * draft-04's minimum with exclusiveMinimum: true.
 */
function bound(
  inclusive: unknown,
  exclusive: unknown,
  side: 'min' | 'max'
): { value: number | null; exclusive: boolean } {
  const numeric = numberOr(exclusive)
  let value = numberOr(inclusive)
  let isExclusive = exclusive === true && value !== null
  if (numeric !== null && (value === null || (side === 'min' ? numeric >= value : numeric <= value))) {
    value = numeric
    isExclusive = true
  }
  // Generators write "any safe integer" as ±2^53−1: no bound worth showing.
  if (value !== null && (side === 'max' ? value >= Number.MAX_SAFE_INTEGER : value <= Number.MIN_SAFE_INTEGER)) {
    return { value: null, exclusive: false }
  }
  return { value, exclusive: isExclusive }
}

function enumOptions(schema: Schema): EnumOption[] | null {
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : null
  if (values === null || values.length === 0 || !values.every(isPrimitive)) return null
  return values.map((value) => ({
    key: JSON.stringify(value),
    label: typeof value === 'string' ? value : JSON.stringify(value),
    value
  }))
}

function arrayField(fieldBase: FieldBase, schema: Schema): Field {
  const items = schema.items
  const minItems = numberOr(schema.minItems)
  const maxItems = numberOr(schema.maxItems)
  if ('prefixItems' in schema || Array.isArray(items)) return json(fieldBase, 'a list with a fixed shape')
  if (!isSchema(items)) return json(fieldBase, 'a list of any values')
  const used = composite.filter((keyword) => keyword in items)
  if (used.length > 0) return json(fieldBase, `a list of values described with ${used.join(', ')}`)
  const options = enumOptions(items)
  if (options !== null) return withHints({ ...fieldBase, kind: 'choices', options, minItems, maxItems })
  const types = (typeList(items.type) ?? []).filter((t) => t !== 'null')
  const item = types.length === 1 ? types[0] : undefined
  if (item === 'string' || item === 'number' || item === 'integer') {
    return withHints({ ...fieldBase, kind: 'lines', item, minItems, maxItems })
  }
  if (item === 'object') return json(fieldBase, 'a list of objects')
  if (item === 'array') return json(fieldBase, 'a list of lists')
  return json(fieldBase, item === undefined ? 'a list of mixed values' : `a list of ${item} values`)
}

function json(fieldBase: FieldBase, reason: string): JsonField {
  return withHints({ ...fieldBase, kind: 'json', reason })
}

function withHints<F extends Field>(f: F): F {
  const hints: string[] = []
  switch (f.kind) {
    case 'text':
      if (f.minLength !== null || f.maxLength !== null) hints.push(range(f.minLength, f.maxLength, 'character'))
      if (f.format !== null) hints.push(`format: ${f.format}`)
      if (f.pattern !== null) hints.push(`pattern: ${f.pattern}`)
      break
    case 'number':
      if (f.integer) hints.push('whole number')
      if (f.exclusiveMinimum || f.exclusiveMaximum) {
        const parts = [
          f.minimum === null ? null : `${f.exclusiveMinimum ? 'more than' : 'at least'} ${f.minimum}`,
          f.maximum === null ? null : `${f.exclusiveMaximum ? 'less than' : 'at most'} ${f.maximum}`
        ]
        hints.push(parts.filter((part) => part !== null).join(', '))
      } else if (f.minimum !== null || f.maximum !== null) hints.push(range(f.minimum, f.maximum, null))
      if (typeof f.step === 'number' && !(f.integer && f.step === 1)) hints.push(`multiple of ${f.step}`)
      break
    case 'lines':
      hints.push(
        f.item === 'string' ? 'one per line' : `one ${f.item === 'integer' ? 'whole number' : 'number'} per line`
      )
      if (f.minItems !== null || f.maxItems !== null) hints.push(range(f.minItems, f.maxItems, 'item'))
      break
    case 'choices':
      if (f.minItems !== null || f.maxItems !== null) hints.push(range(f.minItems, f.maxItems, 'choice'))
      break
    case 'json':
      hints.push(`JSON: ${f.reason}`)
      break
  }
  if (f.nullable) hints.push('may be null')
  if (f.default !== null) {
    const value = f.default.value
    const empty = Array.isArray(value) && value.length === 0
    hints.push(`default ${empty ? 'empty' : typeof value === 'string' && value !== '' ? value : JSON.stringify(value)}`)
  }
  return { ...f, hints }
}

function range(min: number | null, max: number | null, unit: string | null): string {
  const units = (n: number) => (unit === null ? '' : ` ${unit}${n === 1 ? '' : 's'}`)
  if (min !== null && max !== null) return min === max ? `exactly ${min}${units(max)}` : `${min}–${max}${units(max)}`
  if (min !== null) return unit === null ? `at least ${min}` : `at least ${min}${units(min)}`
  return unit === null ? `at most ${max}` : `at most ${max}${units(max ?? 0)}`
}

/** The form's first values: each field's default, else empty. */
