import { hash } from 'node:crypto'

/**
 * The salted hash of a person's trait: HMAC-SHA256 (RFC 2104) of "kind:value" under the salt (hex).
 * Tombstones, the do-not-contact list and known people hash alike, with the same salt, through
 * this one function.
 *
 * Built from two one-shot SHA-256s (`crypto.hash`) over the key's pads, made once per salt, rather
 * than a `createHmac` per value: each of those is a native object that main's garbage collector
 * must finalise, and an ATS pull checks every candidate's email (about 13,000 in a burst of pages)
 * — their finalisation was most of main's longest pauses. Same bytes as `createHmac` (tested).
 */
let padsOf: { salt: string; inner: Buffer; outer: Buffer } | null = null

const BLOCK_BYTES = 64

function pads(salt: string): { inner: Buffer; outer: Buffer } {
  if (padsOf?.salt === salt) return padsOf
  let key = Buffer.from(salt, 'hex')
  if (key.length > BLOCK_BYTES) key = hash('sha256', key, 'buffer')
  const inner = Buffer.alloc(BLOCK_BYTES, 0x36)
  const outer = Buffer.alloc(BLOCK_BYTES, 0x5c)
  for (let i = 0; i < key.length; i++) {
    inner[i] = inner[i]! ^ key[i]!
    outer[i] = outer[i]! ^ key[i]!
  }
  padsOf = { salt, inner, outer }
  return padsOf
}

/** HMAC-SHA256 of "kind:value" under the salt, as its 32 bytes. */
export function saltedHashBytes(salt: string, kind: string, value: string): Buffer {
  const { inner, outer } = pads(salt)
  const innerHash = hash('sha256', Buffer.concat([inner, Buffer.from(`${kind}:${value}`, 'utf8')]), 'buffer')
  return hash('sha256', Buffer.concat([outer, innerHash]), 'buffer')
}

/** saltedHashBytes as hex (how tombstones and known people keep it). */
export function saltedHashHex(salt: string, kind: string, value: string): string {
  return saltedHashBytes(salt, kind, value).toString('hex')
}
