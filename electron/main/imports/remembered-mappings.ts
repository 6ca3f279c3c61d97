import { createHash } from 'node:crypto'
import { importFieldSchema, type ImportField } from '../../../shared/ipc/channels/imports'
import { parseJson } from '../../../shared/json'
import type { Store } from '../store'

/**
 * The mapping a recruiter chose for a set of column headers, remembered so the next sheet with
 * the same headers (next month's ATS export) is mapped the same way. The headers are compared
 * trimmed, in any case and spacing, in their order; the key is a digest, not the header text.
 */
export function headerSetKey(headers: readonly string[]): string {
  const normal = headers.map((header) => header.replace(/\s+/g, ' ').trim().toLowerCase()).join('\u001f')
  return `import-mapping:${createHash('sha256').update(normal).digest('hex').slice(0, 32)}`
}

export function rememberMapping(store: Store, headers: readonly string[], mapping: readonly ImportField[]): void {
  if (headers.length === 0 || mapping.every((field) => field === 'keep')) return
  store.settings.set(headerSetKey(headers), JSON.stringify(mapping.slice(0, headers.length)))
}

/** The remembered mapping of exactly these headers, or null (none, or unreadable). */
export function recallMapping(store: Store, headers: readonly string[]): ImportField[] | null {
  if (headers.length === 0) return null
  const text = store.settings.get(headerSetKey(headers))
  if (text === null) return null
  try {
    const kept = importFieldSchema.array().safeParse(parseJson(text))
    return kept.success && kept.data.length === headers.length ? kept.data : null
  } catch {
    return null
  }
}
