/**
 * The query a conversation has built, as chips: whatever JSON object the server returned. An
 * array of plain values gives one chip per value, a plain value one chip, a nested object (or an
 * object inside an array) a group. The fields of the structured query the app knows
 * (shared/api/conversation.ts) read as words ("seniority", "not at"); any other key is made
 * readable from its name.
 */
export type ChipPath = ReadonlyArray<string | number>
export type Scalar = string | number | boolean | null

export interface Chip {
  path: ChipPath
  /** The field it belongs to, readable ("exclude companies"). */
  field: string
  value: Scalar
  text: string
}

export interface ChipGroup {
  path: ChipPath
  label: string
  chips: Chip[]
  groups: ChipGroup[]
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const isScalar = (value: unknown): value is Scalar =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'

/** The structured query's fields in the recruiter's words, said of one value ("seniority: senior"). */
const fieldWords: Record<string, string> = {
  titles: 'title',
  skills: 'skill',
  locations: 'in',
  companies: 'at',
  seniorities: 'seniority',
  schools: 'school',
  exclude_companies: 'not at',
  exclude_locations: 'not in',
  exclude_titles: 'not title',
  exclude_skills: 'without skill',
  keywords: 'keyword'
}

/** "seniorities" → "seniority"; an unknown "exclude_regions" / "excludeRegions" → "exclude regions". */
export function fieldLabel(name: string | number): string {
  if (typeof name === 'number') return `#${name + 1}`
  const known = Object.hasOwn(fieldWords, name) ? fieldWords[name] : undefined
  if (known !== undefined) return known
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
}

const scalarText = (value: Scalar): string => (value === null ? 'none' : String(value))

export function chipsOf(query: Json, path: ChipPath = [], label = ''): ChipGroup {
  const group: ChipGroup = { path, label, chips: [], groups: [] }
  for (const [name, value] of Object.entries(query)) {
    const at = [...path, name]
    const field = fieldLabel(name)
    if (isScalar(value)) group.chips.push({ path: at, field, value, text: scalarText(value) })
    else if (Array.isArray(value)) {
      const nested: ChipGroup = { path: at, label: field, chips: [], groups: [] }
      value.forEach((item, index) => {
        if (isScalar(item)) nested.chips.push({ path: [...at, index], field, value: item, text: scalarText(item) })
        else if (isObject(item)) nested.groups.push(chipsOf(item, [...at, index], `${field} ${index + 1}`))
        else nested.groups.push(chipsOf({ value: item }, [...at, index], `${field} ${index + 1}`))
      })
      if (nested.groups.length === 0) group.chips.push(...nested.chips)
      else group.groups.push(nested)
    } else if (isObject(value)) group.groups.push(chipsOf(value, at, field))
  }
  return group
}

/** Every chip of a group and its groups, in order. */
export function allChips(group: ChipGroup): Chip[] {
  return [...group.chips, ...group.groups.flatMap(allChips)]
}

function clone<T>(value: T): T {
  return structuredClone(value)
}

function parentOf(root: unknown, path: ChipPath): unknown {
  let node: unknown = root
  for (const part of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string | number, unknown>)[part]
  }
  return node
}

/**
 * The query without the value at `path`. An array or object left empty goes too, so a removed
 * last location leaves no `"locations": []` the server might read as "nowhere".
 */
export function removeAt(query: Json, path: ChipPath): Json {
  const next = clone(query)
  const last = path[path.length - 1]
  const parent = parentOf(next, path)
  if (last === undefined || parent === null || typeof parent !== 'object') return next
  if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1)
  else delete (parent as Json)[String(last)]
  const emptied = Array.isArray(parent) ? parent.length === 0 : Object.keys(parent).length === 0
  return emptied && path.length > 1 ? removeAt(next, path.slice(0, -1)) : next
}

/**
 * The query with the value at `path` replaced by what the recruiter typed, kept in the type it
 * had: a number stays a number (when the text is one), true/false stay booleans.
 */
export function setAt(query: Json, path: ChipPath, text: string): Json {
  const next = clone(query)
  const last = path[path.length - 1]
  const parent = parentOf(next, path) as Record<string | number, unknown> | undefined
  if (last === undefined || parent === undefined || parent === null) return next
  const before = parent[last]
  const trimmed = text.trim()
  let value: Scalar = trimmed
  if (typeof before === 'number' && trimmed !== '' && Number.isFinite(Number(trimmed))) value = Number(trimmed)
  else if (typeof before === 'boolean' && /^(true|false)$/i.test(trimmed)) value = trimmed.toLowerCase() === 'true'
  parent[last] = value
  return next
}

/** Adds a value to a list field (or makes the field a list of one). */
export function addTo(query: Json, field: string, text: string): Json {
  const next = clone(query)
  const value = text.trim()
  if (value === '') return next
  const current = next[field]
  if (Array.isArray(current)) current.push(value)
  else if (current === undefined) next[field] = [value]
  else next[field] = [current, value]
  return next
}

/** Fields whose values name themselves ("Engineer", "senior"); the others need their word ("in Seattle"). */
const selfNamed = new Set(['title', 'seniority', 'skill', 'keyword'])

/**
 * The query as words for a name, in the chips' order: "Engineer · in Seattle · senior · not at
 * Globex". What the search is, not what was last said to it.
 */
export function queryWords(query: Json): string[] {
  return allChips(chipsOf(query)).map((chip) =>
    typeof chip.value !== 'string'
      ? `${chip.field}: ${chip.text}`
      : selfNamed.has(chip.field)
        ? chip.text
        : `${chip.field} ${chip.text}`
  )
}
