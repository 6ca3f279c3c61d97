import { normalisedValue, type DoNotContactKind } from '../../../shared/ipc/channels/do-not-contact'
import { saltedHashBytes } from '../platform/salted-hash'

/** What a person is checked by: their key, emails (and each email's domain) and handles. */
export interface CheckedPerson {
  key?: string | undefined
  emails: readonly string[]
  handles: readonly string[]
}

/** The salted hash of a list entry ("kind:value"), as platform/salted-hash.ts makes it for tombstones too. */
export function entryHash(salt: string, kind: DoNotContactKind, value: string): string {
  return entryHashBytes(salt, kind, value).toString('hex')
}

/** entryHash as its 32 bytes: how the do-not-contact list keeps it (tombstones keep the hex). */
export function entryHashBytes(salt: string, kind: DoNotContactKind, value: string): Buffer {
  return saltedHashBytes(salt, kind, value)
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
