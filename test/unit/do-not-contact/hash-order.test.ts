import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hashOrder } from '../../../electron/main/do-not-contact/entry-writer'

/*
 * The order an import writes a run in (entry-writer.ts): the (kind, hash) index's, as SQLite
 * sorts it (the kind's name, then the hash's bytes), the same hash twice in the file's order. The
 * sort packs only the hash's first 31 bits: entries alike in those (made so here) must still come
 * out in their whole hashes' order.
 */

const KINDS = ['domain', 'email', 'handle', 'key']

/** What SQLite's index would hold: by kind name, then hash bytes, then (the same entry) place. */
function indexOrder(kinds: Uint8Array, hashes: Buffer, count: number): number[] {
  return Array.from({ length: count }, (_, at) => at).sort(
    (a, b) =>
      KINDS[kinds[a]!]!.localeCompare(KINDS[kinds[b]!]!) ||
      hashes.compare(hashes, b * 32, b * 32 + 32, a * 32, a * 32 + 32) ||
      a - b
  )
}

describe('the order a run of entries is written in', () => {
  it('is the index order, entries alike in their first 31 bits and the same hash twice included', () => {
    const count = 5000
    const kinds = new Uint8Array(count)
    const hashes = randomBytes(count * 32)
    for (let at = 0; at < count; at += 1) {
      kinds[at] = at % 4
      // every tenth shares its first four bytes (and so its first 31 bits) with the one before it,
      // the rest of the hash its own; every 97th is the same hash as the one before it
      if (at % 10 === 1) hashes.copy(hashes, at * 32, (at - 1) * 32, (at - 1) * 32 + 4)
      if (at % 97 === 1) hashes.copy(hashes, at * 32, (at - 1) * 32, at * 32)
      if (at % 10 === 1 || at % 97 === 1) kinds[at] = kinds[at - 1]!
    }
    const alike = Array.from({ length: count - 1 }, (_, at) => at + 1).filter(
      (at) => hashes.readUInt32BE(at * 32) >>> 1 === hashes.readUInt32BE((at - 1) * 32) >>> 1
    )
    expect(alike.length).toBeGreaterThan(500)
    expect(Array.from(hashOrder(kinds, hashes, count))).toEqual(indexOrder(kinds, hashes, count))
  })
})
