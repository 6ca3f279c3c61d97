import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as api from '../../../shared/api'
import { shapeCheck } from '../../../shared/api/shape-check'
import { parseJson } from '../../../shared/json'
import { generateProfiles } from '../../../sandbox/data/generate'
import { rng } from '../../integration/store/fixtures/profiles'
import { fixtures } from './fixtures'

// The shape check must give zod's answer, always: it decides whether zod is asked at all.
const exports = api as unknown as Record<string, unknown>
const schemaNames = Object.keys(exports).filter((name) => name.endsWith('Schema') && exports[name] instanceof z.ZodType)

const replacements: unknown[] = [
  null,
  undefined,
  '',
  'text',
  '2024-05-01T10:00:00',
  '2024-05-01T10:00:00.1234567+02:00',
  '2024-13-01T00:00:00Z',
  '0f8fad5b-d9cb-469f-a165-70867728950e',
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  12345678901234567890n,
  Number.NaN,
  true,
  [],
  ['x'],
  [1],
  [null],
  {},
  { name: 'x' },
  { nested: { deeper: 1 } }
]

/** Every path into a JSON value (objects and arrays), up to a number of them. */
function paths(
  value: unknown,
  limit: number,
  prefix: Array<string | number> = [],
  out: Array<Array<string | number>> = []
) {
  if (out.length >= limit || value === null || typeof value !== 'object') return out
  for (const [key, inner] of Object.entries(value)) {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key]
    out.push(path)
    paths(inner, limit, path, out)
  }
  return out
}

function withValueAt(root: unknown, path: Array<string | number>, replacement: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>
  let at: Record<string | number, unknown> = copy
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>
  at[path.at(-1)!] = replacement
  return copy
}

function disagreements(schema: z.ZodType, values: unknown[]): string[] {
  const check = shapeCheck(schema)
  return values.flatMap((value, index) =>
    check(value) === schema.safeParse(value).success
      ? []
      : [`case ${index}: ${JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)).slice(0, 300)}`]
  )
}

describe('fast check agrees with zod', () => {
  it.each(schemaNames)(
    '%s: on its fixture and on every field replaced by values of other types',
    (name) => {
      const schema = exports[name] as z.ZodType
      const fixture = fixtures[name]
      const cases: unknown[] = [fixture, null, undefined, 'x', 1, [], {}]
      // (a large fixture takes every replacement in turn across its paths, six per path)
      const big = JSON.stringify(fixture ?? null).length > 2_000
      paths(fixture, 40).forEach((path, p) => {
        const chosen = big
          ? [0, 1, 2, 3, 4, 5].map((k) => replacements[(p * 6 + k) % replacements.length])
          : replacements
        for (const replacement of chosen) cases.push(withValueAt(fixture, path, replacement))
      })
      // unknown keys added at every object: loose objects keep them, strict ones refuse them
      for (const path of [[], ...paths(fixture, big ? 20 : 60)]) {
        const target =
          path.length === 0
            ? fixture
            : path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], fixture)
        if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
          cases.push(withValueAt(fixture, [...path, 'undeclared_field_x'], 'surplus'))
        }
      }
      expect(disagreements(schema, cases)).toEqual([])
    },
    30_000
  )

  it('on generated profiles, as received over the wire, and on random deep mutations of them', () => {
    const people = parseJson(JSON.stringify(generateProfiles({ count: 400, seed: 5 }))) as unknown[]
    const next = rng(42)
    const cases: unknown[] = [...people]
    for (const person of people.slice(0, 150)) {
      const all = paths(person, 2000)
      for (let i = 0; i < 12; i++) {
        const path = all[Math.floor(next() * all.length)]!
        cases.push(withValueAt(person, path, replacements[Math.floor(next() * replacements.length)]))
      }
    }
    expect(disagreements(api.wholePersonProfileSchema, cases)).toEqual([])
    expect(cases.length).toBeGreaterThan(2000)
  }, 30_000)
})
