import { createHmac, createSecretKey, type KeyObject } from 'node:crypto'
import { normalisedValue, type DoNotContactKind } from '../../../shared/ipc/channels/do-not-contact'

/** What a person is checked by: their key, emails (and each email's domain) and handles. */
export interface CheckedPerson {
  key?: string | undefined
  emails: readonly string[]
  handles: readonly string[]
}

let keyOf: { salt: string; key: KeyObject } | null = null

/**
 * personal-data/tombstones.ts's saltedHash (HMAC-SHA256 of "kind:value" under the salt), with the
 * salt's key made once instead of per value: a file of a million entries is a million hashes, a
 * check of 100 people five hundred.
 */
export function entryHash(salt: string, kind: DoNotContactKind, value: string): string {
  return entryHashBytes(salt, kind, value).toString('hex')
}

/** entryHash as its 32 bytes: how the do-not-contact list keeps it (tombstones keep the hex). */
export function entryHashBytes(salt: string, kind: DoNotContactKind, value: string): Buffer {
  if (keyOf?.salt !== salt) keyOf = { salt, key: createSecretKey(Buffer.from(salt, 'hex')) }
  return createHmac('sha256', keyOf.key).update(`${kind}:${value}`).digest()
}

/** The hashes a list entry naming this person would have, each with its kind. */
export function personHashes(salt: string, person: CheckedPerson): Map<string, DoNotContactKind> {
  const hashes = new Map<string, DoNotContactKind>()
  const add = (kind: DoNotContactKind, text: string) => {
    const value = normalisedValue(kind, text)
    if (value !== null) hashes.set(entryHash(salt, kind, value), kind)
  }
  if (person.key !== undefined) add('key', person.key)
  for (const email of person.emails) {
    add('email', email)
    add('domain', email.slice(email.lastIndexOf('@') + 1))
  }
  for (const handle of person.handles) add('handle', handle)
  return hashes
}
