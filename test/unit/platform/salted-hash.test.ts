import { createHmac } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { saltedHashBytes, saltedHashHex } from '../../../electron/main/platform/salted-hash'

// The one salted hash of a person's trait (tombstones, do-not-contact, known people): the bytes
// Node's own HMAC-SHA256 gives, for salts shorter and longer than SHA-256's 64-byte block, and any
// text — an erasure or a do-not-contact entry made before must still match after.
const reference = (salt: string, kind: string, value: string) =>
  createHmac('sha256', Buffer.from(salt, 'hex')).update(`${kind}:${value}`).digest()

describe('saltedHashBytes', () => {
  it('is HMAC-SHA256 of "kind:value" under the salt, for any salt and text', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 200 }),
        fc.constantFrom('key', 'email', 'domain', 'handle', 'name'),
        fc.string({ unit: 'grapheme', maxLength: 80 }),
        (saltBytes, kind, value) => {
          const salt = Buffer.from(saltBytes).toString('hex')
          expect(saltedHashBytes(salt, kind, value).equals(reference(salt, kind, value))).toBe(true)
        }
      ),
      { numRuns: 500 }
    )
  })

  it('gives the same hash again after another salt was used (the pads are the salt’s own)', () => {
    const a = '00'.repeat(32)
    const b = 'ff'.repeat(65)
    const first = saltedHashHex(a, 'email', 'ada@example.com')
    expect(saltedHashHex(b, 'email', 'ada@example.com')).toBe(reference(b, 'email', 'ada@example.com').toString('hex'))
    expect(saltedHashHex(a, 'email', 'ada@example.com')).toBe(first)
    expect(first).toBe(reference(a, 'email', 'ada@example.com').toString('hex'))
  })
})
