/**
 * Where the spec says "array" a server may answer one object, or an object holding the list; and
 * Get Api Transaction Data's documented 200 is one record. Both are read as a list, with a note
 * saying what was received so the mismatch is visible without losing a record.
 */
export function asList(
  body: unknown,
  listKeys: readonly string[] = ['results', 'profiles', 'items', 'data', 'value']
): {
  items: unknown[]
  note: string | null
} {
  if (Array.isArray(body)) return { items: body, note: null }
  if (body === null || body === undefined)
    return { items: [], note: body === null ? 'The service answered null; read as no records.' : null }
  if (typeof body === 'object') {
    for (const key of listKeys) {
      const inner = (body as Record<string, unknown>)[key]
      if (Array.isArray(inner))
        return { items: inner, note: `The service answered an object; its “${key}” list was read.` }
    }
    return { items: [body], note: 'The service answered one object where a list was expected; read as one record.' }
  }
  return { items: [body], note: 'The service answered a plain value where a list was expected.' }
}

/**
 * At most `asked` items: a service that sends more than were asked for (10,000 records for a
 * page of 25) has the rest left out, and a note says so. `asked` undefined: all are kept.
 */
export function atMost(
  items: unknown[],
  asked: number | undefined,
  what: string
): { items: unknown[]; note: string | null } {
  if (asked === undefined || items.length <= asked) return { items, note: null }
  return {
    items: items.slice(0, asked),
    note: `The service sent ${items.length.toLocaleString('en-US')} ${what} where ${asked.toLocaleString('en-US')} were asked for; only the first ${asked.toLocaleString('en-US')} are shown.`
  }
}

/** Notes about one answer's shape, said together (null when there are none). */
export function joinNotes(...notes: Array<string | null>): string | null {
  const said = notes.filter((note): note is string => note !== null)
  return said.length === 0 ? null : said.join(' ')
}
