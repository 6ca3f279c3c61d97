import { normalisedValue, type DoNotContactKind } from '../../../shared/ipc/channels/do-not-contact'
import { saltedHash } from '../personal-data/tombstones'

/** What a person is checked by: their key, emails (and each email's domain) and handles. */
export interface CheckedPerson {
  key?: string
  emails: readonly string[]
  handles: readonly string[]
}

/** The hashes a list entry naming this person would have, each with its kind. */
export function personHashes(salt: string, person: CheckedPerson): Map<string, DoNotContactKind> {
  const hashes = new Map<string, DoNotContactKind>()
  const add = (kind: DoNotContactKind, text: string) => {
    const value = normalisedValue(kind, text)
    if (value !== null) hashes.set(saltedHash(salt, kind, value), kind)
  }
  if (person.key !== undefined) add('key', person.key)
  for (const email of person.emails) {
    add('email', email)
    add('domain', email.slice(email.lastIndexOf('@') + 1))
  }
  for (const handle of person.handles) add('handle', handle)
  return hashes
}
