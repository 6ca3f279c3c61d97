import { describe, expect, it } from 'vitest'
import { formModel, plainMessage, type Field } from './schema-form'
import {
  argumentsText,
  fieldErrorsFrom,
  initialValues,
  parseArgumentsText,
  toArguments,
  valuesFromArguments
} from './form-values'

// The sandbox's schemas, as its tool server lists them (zod → JSON Schema draft-07).
const search = {
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 1, maxLength: 2000, description: 'what you are looking for, in plain words' },
    limit: { default: 10, type: 'integer', minimum: 1, maximum: 50 },
    offset: { default: 0, type: 'integer', minimum: 0, maximum: 9007199254740991 }
  },
  required: ['query'],
  $schema: 'http://json-schema.org/draft-07/schema#'
}
const contacts = {
  type: 'object',
  properties: {
    action: { default: 'lookup', type: 'string', enum: ['lookup', 'poll', 'credits'] },
    keys: { default: [], maxItems: 100, type: 'array', items: { type: 'string', minLength: 1 } },
    contact_type: { default: 'Email', type: 'string', enum: ['Email', 'Phone'] }
  },
  $schema: 'http://json-schema.org/draft-07/schema#'
}
const exportsTool = {
  type: 'object',
  properties: {
    keys: { maxItems: 1000, type: 'array', items: { type: 'string', minLength: 1 } },
    workspace_id: { type: 'string' },
    format: { default: 'csv', type: 'string', enum: ['csv', 'json'] }
  }
}

const byName = (fields: Field[], name: string): Field => {
  const found = fields.find((f) => f.name === name)
  if (!found) throw new Error(`no field ${name}`)
  return found
}

describe('a tool input schema as a form', () => {
  it('reads the sandbox search tool: a required string, integers with bounds and defaults', () => {
    const model = formModel(search)
    expect(model.rawOnly).toBeNull()
    expect(model.fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['query', 'text', true],
      ['limit', 'number', false],
      ['offset', 'number', false]
    ])
    const query = byName(model.fields, 'query')
    expect(query).toMatchObject({ minLength: 1, maxLength: 2000, help: 'what you are looking for, in plain words' })
    expect(query.hints).toEqual(['1–2000 characters'])
    const limit = byName(model.fields, 'limit')
    expect(limit).toMatchObject({ integer: true, minimum: 1, maximum: 50, step: 1 })
    expect(limit.hints).toEqual(['whole number', '1–50', 'default 10'])
    // 2^53−1 is a generator's "no upper bound", not one to show
    expect(byName(model.fields, 'offset')).toMatchObject({ minimum: 0, maximum: null })
    expect(byName(model.fields, 'offset').hints).toEqual(['whole number', 'at least 0', 'default 0'])
  })

  it('starts with the defaults and sends what was filled, leaving empty optional fields out', () => {
    const model = formModel(search)
    const values = initialValues(model)
    expect(values).toEqual({ query: '', limit: '10', offset: '0' })
    expect(toArguments(model, { ...values, query: 'rust engineers', limit: '5', offset: '' })).toEqual({
      ok: true,
      arguments: { query: 'rust engineers', limit: 5 }
    })
  })

  it('refuses locally only what cannot be read: an empty required field, a number that is not one', () => {
    const model = formModel(search)
    const built = toArguments(model, { query: '', limit: 'ten', offset: '1.5' })
    expect(built.ok).toBe(false)
    expect(!built.ok && built.errors).toEqual({
      query: 'Required.',
      limit: 'Not a number.',
      offset: 'Must be a whole number.'
    })
    // a number out of range is main's to refuse (it checks the schema): sent as typed
    expect(toArguments(model, { query: 'x', limit: '500', offset: '0' })).toEqual({
      ok: true,
      arguments: { query: 'x', limit: 500, offset: 0 }
    })
  })

  it('reads enums as selects and arrays of strings as one per line', () => {
    const model = formModel(contacts)
    expect(model.fields.map((f) => f.kind)).toEqual(['select', 'lines', 'select'])
    const action = byName(model.fields, 'action')
    expect(action.kind === 'select' && action.options.map((o) => o.label)).toEqual(['lookup', 'poll', 'credits'])
    expect(byName(model.fields, 'keys').hints).toEqual(['one per line', 'at most 100 items', 'default empty'])
    const values = initialValues(model)
    expect(values).toEqual({ action: '"lookup"', keys: '', contact_type: '"Email"' })
    expect(toArguments(model, { ...values, action: '"poll"', keys: ' p_1 \n\n p_2\n' })).toEqual({
      ok: true,
      arguments: { action: 'poll', keys: ['p_1', 'p_2'], contact_type: 'Email' }
    })
    // an empty optional list is left out (the server's default applies)
    expect(toArguments(model, values)).toEqual({ ok: true, arguments: { action: 'lookup', contact_type: 'Email' } })
  })

  it('reads the sandbox exports tool: an optional list and string with nothing filled are left out', () => {
    const model = formModel(exportsTool)
    expect(model.fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['keys', 'lines', false],
      ['workspace_id', 'text', false],
      ['format', 'select', false]
    ])
    expect(toArguments(model, initialValues(model))).toEqual({ ok: true, arguments: { format: 'csv' } })
    expect(toArguments(model, { keys: 'p_1', workspace_id: 'w1', format: '"json"' })).toEqual({
      ok: true,
      arguments: { keys: ['p_1'], workspace_id: 'w1', format: 'json' }
    })
  })

  it('offers "not set" for an optional enum without a default and leaves it out when not set', () => {
    const model = formModel({ type: 'object', properties: { tier: { enum: ['a', 'b', 1, true] } } })
    const tier = byName(model.fields, 'tier')
    expect(tier.kind === 'select' && tier.options.map((o) => o.value)).toEqual(['a', 'b', 1, true])
    expect(initialValues(model)).toEqual({ tier: '' })
    expect(toArguments(model, { tier: '' })).toEqual({ ok: true, arguments: {} })
    expect(toArguments(model, { tier: '1' })).toEqual({ ok: true, arguments: { tier: 1 } })
    expect(toArguments(model, { tier: 'true' })).toEqual({ ok: true, arguments: { tier: true } })
    const required = formModel({ type: 'object', properties: { tier: { enum: ['a', 'b'] } }, required: ['tier'] })
    expect(toArguments(required, { tier: '' })).toMatchObject({ ok: false, errors: { tier: 'Choose one.' } })
    // a required choice of one is made already
    const single = formModel({ type: 'object', properties: { v: { const: 'only' } }, required: ['v'] })
    expect(toArguments(single, initialValues(single))).toEqual({ ok: true, arguments: { v: 'only' } })
  })

  it('reads booleans: a checkbox with a default or when required, else not set / true / false', () => {
    const model = formModel({
      type: 'object',
      properties: { dry: { type: 'boolean', default: true }, strict: { type: 'boolean' }, must: { type: 'boolean' } },
      required: ['must']
    })
    expect(model.fields.map((f) => f.kind === 'boolean' && f.tristate)).toEqual([false, true, false])
    expect(initialValues(model)).toEqual({ dry: true, strict: '', must: false })
    expect(toArguments(model, { dry: false, strict: '', must: true })).toEqual({
      ok: true,
      arguments: { dry: false, must: true }
    })
    expect(toArguments(model, { dry: true, strict: 'false', must: false })).toEqual({
      ok: true,
      arguments: { dry: true, strict: false, must: false }
    })
  })

  it('reads string formats, patterns and titles', () => {
    const model = formModel({
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email', title: 'Work email' },
        site: { type: 'string', format: 'uri' },
        since: { type: 'string', format: 'date' },
        at: { type: 'string', format: 'date-time' },
        code: { type: 'string', pattern: '^[A-Z]{3}$', maxLength: 3 }
      }
    })
    expect(model.fields.map((f) => f.kind === 'text' && f.inputType)).toEqual(['email', 'url', 'date', 'text', 'text'])
    expect(byName(model.fields, 'email').label).toBe('Work email')
    expect(byName(model.fields, 'site').label).toBe('site')
    expect(byName(model.fields, 'at').hints).toEqual(['format: date-time'])
    expect(byName(model.fields, 'code').hints).toEqual(['at most 3 characters', 'pattern: ^[A-Z]{3}$'])
  })

  it('reads numbers with exclusive bounds and multipleOf, and lists of numbers and of enum values', () => {
    const model = formModel({
      type: 'object',
      properties: {
        ratio: { type: 'number', exclusiveMinimum: 0, maximum: 1, multipleOf: 0.05 },
        ids: { type: 'array', items: { type: 'integer' }, minItems: 1 },
        kinds: { type: 'array', items: { enum: ['email', 'phone'] }, maxItems: 2 }
      }
    })
    expect(byName(model.fields, 'ratio')).toMatchObject({
      kind: 'number',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 1,
      exclusiveMaximum: false,
      step: 0.05
    })
    expect(byName(model.fields, 'ratio').hints).toEqual(['more than 0, at most 1', 'multiple of 0.05'])
    // draft-04 writes an exclusive bound as a flag beside it
    const old = formModel({ type: 'object', properties: { n: { type: 'number', maximum: 9, exclusiveMaximum: true } } })
    expect(byName(old.fields, 'n').hints).toEqual(['less than 9'])
    expect(byName(model.fields, 'ids').hints).toEqual(['one whole number per line', 'at least 1 item'])
    expect(byName(model.fields, 'kinds').kind).toBe('choices')
    expect(toArguments(model, { ratio: '0.5', ids: '3\n4', kinds: ['"phone"'] })).toEqual({
      ok: true,
      arguments: { ratio: 0.5, ids: [3, 4], kinds: ['phone'] }
    })
    expect(toArguments(model, { ratio: '', ids: '3\nfour', kinds: [] })).toMatchObject({
      ok: false,
      errors: { ids: '“four” is not a whole number.' }
    })
  })

  it('reads nullable types (a type list, an enum with null, anyOf with null); an empty required one sends null', () => {
    const model = formModel({
      type: 'object',
      properties: {
        note: { type: ['string', 'null'] },
        level: { enum: ['low', 'high', null] },
        count: { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }], title: 'Count', default: null }
      },
      required: ['note', 'level']
    })
    expect(model.fields.map((f) => [f.kind, f.nullable])).toEqual([
      ['text', true],
      ['select', true],
      ['number', true]
    ])
    expect(byName(model.fields, 'count')).toMatchObject({ label: 'Count', minimum: 0, integer: true })
    expect(toArguments(model, initialValues(model))).toEqual({ ok: true, arguments: { note: null, level: null } })
  })

  it('writes as JSON what the form does not read, saying what it is', () => {
    const model = formModel({
      type: 'object',
      properties: {
        filter: { type: 'object', properties: { a: { type: 'string' } } },
        people: { type: 'array', items: { type: 'object' } },
        either: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        linked: { $ref: '#/$defs/thing' },
        mixed: { type: ['string', 'number'] },
        anything: {},
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] }
      },
      required: ['filter']
    })
    expect(model.fields.every((f) => f.kind === 'json')).toBe(true)
    expect(model.fields.map((f) => (f.kind === 'json' ? f.reason : ''))).toEqual([
      'a nested object',
      'a list of objects',
      'a value described with oneOf',
      'a value described with $ref',
      'one of string, number',
      'any JSON value',
      'a list with a fixed shape'
    ])
    expect(toArguments(model, { filter: '{"a": "x"}', people: '[{"k": 1}]', either: '' })).toEqual({
      ok: true,
      arguments: { filter: { a: 'x' }, people: [{ k: 1 }] }
    })
    const broken = toArguments(model, { filter: '{a:' })
    expect(broken.ok).toBe(false)
    expect(!broken.ok && broken.errors.filter).toMatch(/^Not valid JSON/)
    // a default is shown as JSON in its field
    const withDefault = formModel({ type: 'object', properties: { o: { type: 'object', default: { a: 1 } } } })
    expect(initialValues(withDefault)).toEqual({ o: '{\n  "a": 1\n}' })
  })

  it('leaves the whole object to Raw JSON when the schema is not an object with properties', () => {
    expect(formModel(undefined).rawOnly).toMatch(/no input schema/)
    expect(formModel({ oneOf: [{ type: 'object' }] }).rawOnly).toBe('Its input schema uses oneOf.')
    expect(formModel({ type: 'array' }).rawOnly).toMatch(/not an object/)
    const empty = formModel({ type: 'object' })
    expect(empty).toEqual({ fields: [], rawOnly: null, openEnded: true })
    expect(formModel({ type: 'object', properties: {}, additionalProperties: false }).openEnded).toBe(false)
  })
})

describe('the Raw JSON toggle', () => {
  it('starts from the form’s arguments and comes back to the same values', () => {
    const model = formModel(contacts)
    const values = { action: '"poll"', keys: 'p_1\np_2', contact_type: '"Phone"' }
    const text = argumentsText(model, values)
    expect(JSON.parse(text)).toEqual({ action: 'poll', keys: ['p_1', 'p_2'], contact_type: 'Phone' })
    const parsed = parseArgumentsText(text)
    expect(parsed.ok && valuesFromArguments(model, parsed.value)).toEqual({ values, problems: [] })
  })

  it('names what the form cannot show, so switching back does not lose it', () => {
    const model = formModel(search)
    expect(valuesFromArguments(model, { query: 'x', limit: 'ten', extra: true })).toEqual({
      values: { query: 'x', limit: '', offset: '' },
      problems: ['“limit” has a value the form cannot show', '“extra” has no field in the form']
    })
  })

  it('reads the text as one JSON object', () => {
    expect(parseArgumentsText('  ')).toEqual({ ok: true, value: {} })
    expect(parseArgumentsText('[1]')).toEqual({
      ok: false,
      error: 'The arguments must be one JSON object: { "name": value, … }.'
    })
    expect(parseArgumentsText('{"a":')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^The arguments are not valid JSON/)
    })
  })
})

describe('main’s refusal of the arguments', () => {
  it('marks each field named by a path, items by their number, and keeps the rest apart', () => {
    const model = formModel(contacts)
    const details = [
      { path: 'keys.0', message: 'must NOT have fewer than 1 characters' },
      { path: 'keys', message: 'must NOT have more than 100 items' },
      { path: 'contact_type', message: 'must be equal to one of the allowed values' },
      { path: 'surprise', message: 'must NOT have additional properties' },
      { path: '', message: 'must be object' }
    ]
    expect(fieldErrorsFrom(model, details)).toEqual({
      fields: {
        keys: 'Item 1: must have at least 1 characters. Must have at most 100 items.',
        contact_type: 'Must be one of the choices.'
      },
      other: ['surprise: is not a property of this tool.', 'Must be an object.']
    })
    // main names a missing required property by its path
    expect(
      fieldErrorsFrom(formModel(search), [{ path: 'query', message: "must have required property 'query'" }])
    ).toEqual({
      fields: { query: 'Required.' },
      other: []
    })
    expect(plainMessage('must be <= 50')).toBe('must be at most 50')
    expect(plainMessage('must be > 0')).toBe('must be more than 0')
    expect(plainMessage('must match pattern "^a"')).toBe('must match pattern "^a"')
    expect(fieldErrorsFrom(model, { missing: ['MCP URL'] })).toEqual({ fields: {}, other: [] })
  })
})
