import type { ToolCallResult, ToolContent } from '../../../../shared/ipc/channels/tools'

/*
 * A tool's result made readable: its text blocks as text, its structured content (or a text
 * block that is JSON) as a tree, and every list of objects in it as a table.
 */

/** A list of objects found in the result, shown as a table. */
export interface ResultTable {
  /** Where it is in the result: `results`, `data.items`; empty for a result that is the list. */
  path: string
  columns: string[]
  /** Columns whose values are all numbers (right-aligned). */
  numeric: string[]
  rows: Array<Record<string, unknown>>
}

/** One content block as the screen shows it. */
export type Block =
  | { kind: 'text'; text: string }
  | { kind: 'image'; src: string; mimeType: string }
  | { kind: 'resource'; uri: string; text: string | null; mimeType: string | null }
  | { kind: 'other'; type: string; block: ToolContent }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/** The content blocks, each as text, an image, a resource or (anything else) its JSON. */
export function blocksOf(result: ToolCallResult): Block[] {
  return result.content.map((block): Block => {
    if (block.type === 'text' && typeof block.text === 'string') return { kind: 'text', text: block.text }
    const mimeType = str(block.mimeType)
    const data = str(block.data)
    if (block.type === 'image' && data !== null && mimeType !== null && /^image\/[\w.+-]+$/.test(mimeType)) {
      return { kind: 'image', src: `data:${mimeType};base64,${data}`, mimeType }
    }
    const resource = isObject(block.resource) ? block.resource : null
    if (block.type === 'resource' && resource !== null && typeof resource.uri === 'string') {
      return { kind: 'resource', uri: resource.uri, text: str(resource.text), mimeType: str(resource.mimeType) }
    }
    if (block.type === 'resource_link' && typeof block.uri === 'string') {
      return { kind: 'resource', uri: block.uri, text: str(block.description) ?? str(block.name), mimeType }
    }
    return { kind: 'other', type: block.type, block }
  })
}

/**
 * The result's data: its structured content, else a text block that is JSON (an object or a
 * list) — many servers send their data that way. Null when there is none.
 */
export function structuredOf(result: ToolCallResult): { value: unknown; from: 'structured' | 'text' } | null {
  if (result.structuredContent !== null) return { value: result.structuredContent, from: 'structured' }
  for (const block of result.content) {
    if (block.type !== 'text' || typeof block.text !== 'string') continue
    const text = block.text.trim()
    if (!/^[[{]/.test(text)) continue
    try {
      const value = JSON.parse(text) as unknown
      if (typeof value === 'object' && value !== null) return { value, from: 'text' }
    } catch {
      // not JSON after all: shown as text
    }
  }
  return null
}

/**
 * A text block beside data shown as a table and a tree: its first line leads (often a summary
 * such as "119 match(es) for …"), and the rest — typically the same data as JSON — is kept for
 * a click. `rest` is null when the text is one line.
 */
export function leadOf(text: string): { lead: string; rest: string | null } {
  const trimmed = text.trim()
  const end = trimmed.indexOf('\n')
  if (end === -1) return { lead: trimmed, rest: null }
  return { lead: trimmed.slice(0, end).trim(), rest: trimmed.slice(end + 1) }
}

/** Every list of objects in a value, outermost first, down to `maxDepth` levels of objects. */
export function tablesIn(value: unknown, maxDepth = 3): ResultTable[] {
  const tables: ResultTable[] = []
  const walk = (node: unknown, path: string[], depth: number) => {
    if (Array.isArray(node)) {
      if (node.length > 0 && node.every(isObject)) tables.push(table(path.join('.'), node))
      return
    }
    if (!isObject(node) || depth > maxDepth) return
    for (const [key, child] of Object.entries(node)) walk(child, [...path, key], depth + 1)
  }
  walk(value, [], 0)
  return tables
}

function table(path: string, rows: Array<Record<string, unknown>>): ResultTable {
  const columns: string[] = []
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key)
  const numeric = columns.filter((column) => {
    const values = rows.map((row) => row[column]).filter((v) => v !== null && v !== undefined)
    return values.length > 0 && values.every((v) => typeof v === 'number')
  })
  return { path, columns, numeric, rows }
}

/** A table cell: text as it is, a list of plain values joined, anything deeper as compact JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) {
    return value.map((item) => (item === null ? 'null' : String(item))).join(', ')
  }
  return JSON.stringify(value)
}

/** A value's one-line preview in the tree: `{3}`, `[10]`, or the value itself. */
export function summaryOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length}]`
  if (isObject(value)) return `{${Object.keys(value).length}}`
  return JSON.stringify(value) ?? String(value)
}
