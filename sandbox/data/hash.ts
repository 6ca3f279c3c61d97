/** FNV-1a 32-bit hash: stable numeric ids for vocabulary strings (title_id, major_id...). */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** Id in [base, base + span) derived from a string. */
export const stableId = (s: string, base = 10_000, span = 900_000): number => base + (fnv1a(s) % span)
