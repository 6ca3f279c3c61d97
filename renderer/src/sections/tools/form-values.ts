/*
 * A tool form's values: their starting values, the call's arguments built from them (or the
 * field errors that stop the call), the arguments as JSON text and back, and main's refusal
 * mapped onto the fields. Pure, like the model it reads (schema-form.ts).
 */

import {
  isSchema,
  plainMessage,
  type Arguments,
  type Field,
  type FieldValue,
  type FormModel,
  type FormValues
} from './schema-form'
import { errorMessage } from '../../../../shared/error-message'

export function initialValues(model: FormModel): FormValues {
  const values: FormValues = {}
  for (const f of model.fields)
    values[f.name] = f.default === null ? emptyValue(f) : (valueOf(f, f.default.value) ?? emptyValue(f))
  return values
}

function emptyValue(f: Field): FieldValue {
  if (f.kind === 'boolean') return f.tristate ? '' : false
  if (f.kind === 'choices') return []
  // A required choice of one is made already.
  if (f.kind === 'select' && f.required && f.options.length === 1 && !f.nullable) return f.options[0]!.key
  return ''
}

/** A JSON value as the field holds it; null when the field cannot show it (the wrong type). */
function valueOf(f: Field, value: unknown): FieldValue | null {
  switch (f.kind) {
    case 'text':
      return typeof value === 'string' ? value : value === null && f.nullable ? '' : null
    case 'number':
      return typeof value === 'number' ? String(value) : value === null && f.nullable ? '' : null
    case 'boolean':
      if (typeof value === 'boolean') return f.tristate ? String(value) : value
      return null
    case 'select': {
      if (value === null && f.nullable) return ''
      const key = JSON.stringify(value)
      return f.options.some((option) => option.key === key) ? key : null
    }
    case 'lines':
      if (!Array.isArray(value)) return null
      if (
        !value.every((item) =>
          f.item === 'string' ? typeof item === 'string' && !item.includes('\n') : typeof item === 'number'
        )
      )
        return null
      return value.map(String).join('\n')
    case 'choices': {
      if (!Array.isArray(value)) return null
      const keys = value.map((item) => JSON.stringify(item))
      return keys.every((key) => f.options.some((option) => option.key === key)) ? keys : null
    }
    case 'json':
      return JSON.stringify(value, null, 2)
  }
}

export type Built =
  { ok: true; arguments: Arguments } | { ok: false; errors: Record<string, string>; arguments: Arguments }

/**
 * The call's arguments from the form's values. Empty optional fields are left out; an empty
 * required field that allows null sends null. Only what cannot be read at all (a number that is
 * not one, JSON that does not parse, an empty required field) is refused here: everything else
 * — ranges, lengths, patterns — is main's to check against the schema.
 */
export function toArguments(model: FormModel, values: FormValues): Built {
  const args: Arguments = {}
  const errors: Record<string, string> = {}
  for (const f of model.fields) {
    const outcome = read(f, values[f.name] ?? emptyValue(f))
    if ('error' in outcome) errors[f.name] = outcome.error
    else if ('value' in outcome) args[f.name] = outcome.value
  }
  return Object.keys(errors).length === 0 ? { ok: true, arguments: args } : { ok: false, errors, arguments: args }
}

type Read = { value: unknown } | { error: string } | { omit: true }

function read(f: Field, value: FieldValue): Read {
  const empty = (): Read =>
    !f.required
      ? { omit: true }
      : f.nullable
        ? { value: null }
        : { error: f.kind === 'select' ? 'Choose one.' : 'Required.' }
  switch (f.kind) {
    case 'text': {
      const text = typeof value === 'string' ? value : ''
      return text === '' ? empty() : { value: text }
    }
    case 'number': {
      const text = typeof value === 'string' ? value.trim() : ''
      if (text === '') return empty()
      const n = Number(text)
      if (!Number.isFinite(n)) return { error: 'Not a number.' }
      if (f.integer && !Number.isInteger(n)) return { error: 'Must be a whole number.' }
      return { value: n }
    }
    case 'boolean':
      if (typeof value === 'boolean') return { value }
      return value === 'true' ? { value: true } : value === 'false' ? { value: false } : empty()
    case 'select': {
      const option = f.options.find((o) => o.key === value)
      return option === undefined ? empty() : { value: option.value }
    }
    case 'lines': {
      const lines = (typeof value === 'string' ? value : '')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
      if (lines.length === 0) return f.required ? { value: [] } : { omit: true }
      if (f.item === 'string') return { value: lines }
      const numbers = lines.map(Number)
      const bad = numbers.findIndex((n) => !Number.isFinite(n) || (f.item === 'integer' && !Number.isInteger(n)))
      if (bad !== -1) return { error: `“${lines[bad]}” is not a ${f.item === 'integer' ? 'whole number' : 'number'}.` }
      return { value: numbers }
    }
    case 'choices': {
      const keys = Array.isArray(value) ? value : []
      const chosen = f.options.filter((option) => keys.includes(option.key)).map((option) => option.value)
      return chosen.length === 0 && !f.required ? { omit: true } : { value: chosen }
    }
    case 'json': {
      const text = typeof value === 'string' ? value.trim() : ''
      if (text === '') return empty()
      try {
        return { value: JSON.parse(text) as unknown }
      } catch (error) {
        return { error: `Not valid JSON (${errorMessage(error)}).` }
      }
    }
  }
}

/** The arguments object as written in the Raw JSON field: `{}` when empty. */
export function parseArgumentsText(text: string): { ok: true; value: Arguments } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: true, value: {} }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return {
      ok: false,
      error: `The arguments are not valid JSON (${errorMessage(error)}).`
    }
  }
  if (!isSchema(parsed)) return { ok: false, error: 'The arguments must be one JSON object: { "name": value, … }.' }
  return { ok: true, value: parsed }
}

/** What the Raw JSON field starts with when switched on: the form's arguments so far (what can be read of them). */
export function argumentsText(model: FormModel, values: FormValues): string {
  return JSON.stringify(toArguments(model, values).arguments, null, 2)
}

/**
 * The form's values from an arguments object (switching back from Raw JSON). `problems` names
 * what the form cannot show — a property it has no field for, a value of another type — so the
 * switch can be refused rather than lose it.
 */
export function valuesFromArguments(model: FormModel, args: Arguments): { values: FormValues; problems: string[] } {
  const values: FormValues = {}
  const problems: string[] = []
  for (const f of model.fields) {
    if (!(f.name in args)) {
      values[f.name] = emptyValue(f)
      continue
    }
    const value = valueOf(f, args[f.name])
    if (value === null) problems.push(`“${f.name}” has a value the form cannot show`)
    values[f.name] = value ?? emptyValue(f)
  }
  const known = new Set(model.fields.map((f) => f.name))
  for (const key of Object.keys(args)) if (!known.has(key)) problems.push(`“${key}” has no field in the form`)
  return { values, problems }
}

/**
 * Main's refusal of the arguments (`invalid_input`, details `[{ path: "keys.0", message }]`) as a
 * message per field; what names no field (the object itself, a property the form has no field
 * for) is returned as `other`.
 */
export function fieldErrorsFrom(
  model: FormModel,
  details: unknown
): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {}
  const other: string[] = []
  if (!Array.isArray(details)) return { fields, other }
  for (const issue of details) {
    if (!isSchema(issue) || typeof issue.message !== 'string') continue
    const path = typeof issue.path === 'string' ? issue.path : ''
    const [top = '', ...rest] = path === '' ? [] : path.split('.')
    const f = model.fields.find((candidate) => candidate.name === top)
    const plain = plainMessage(issue.message)
    if (f === undefined) {
      other.push(path === '' ? sentence(plain) : `${path}: ${plain}.`)
      continue
    }
    const message = rest.length === 0 ? sentence(plain) : `${where(f, rest)}: ${plain}.`
    fields[f.name] = fields[f.name] === undefined ? message : `${fields[f.name]} ${message}`
  }
  return { fields, other }
}

function where(f: Field, rest: string[]): string {
  const index = Number(rest[0])
  if ((f.kind === 'lines' || f.kind === 'choices') && Number.isInteger(index)) {
    return `Item ${index + 1}`
  }
  return `At ${rest.join('.')}`
}

function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1)
  return /[.!?]$/.test(text) ? text : `${text}.`
}
