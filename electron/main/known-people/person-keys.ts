import { saltedHashHex } from '../platform/salted-hash'
import { normalisedValue } from '../../../shared/ipc/channels/do-not-contact'

/*
 * How a known person is recognised: salted hashes of their key, emails and profile handles (the
 * tombstones' salt and rules, so "Ana@X.com" and a profile address match as the do-not-contact
 * list does), and their name and employer folded to compare (accents, case, punctuation and the
 * company's legal suffix dropped). The same rules serve the worker that reads a list and the
 * check of a search result, so both sides always agree.
 */

export type HashKind = 'key' | 'email' | 'handle'

/** Letters and digits, lower case, no accents, single spaces. */
function folded(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** "Ana  Peña" and "ana pena" alike. */
export const normalisedName = (text: string | undefined): string => folded(text ?? '')

const LEGAL_SUFFIX =
  /(?:^|\s)(?:inc|incorporated|llc|llp|ltd|limited|gmbh|ag|sa|sas|sarl|bv|nv|plc|corp|corporation|co|company|oy|ab|as|pty|srl|spa)$/

/** "Acme, Inc." and "ACME" alike; a name made only of a suffix is kept as it is. */
export function normalisedEmployer(text: string | undefined): string {
  let employer = folded(text ?? '')
  for (let round = 0; round < 2; round += 1) {
    const shorter = employer.replace(LEGAL_SUFFIX, '').trim()
    if (shorter === '' || shorter === employer) break
    employer = shorter
  }
  return employer
}

/** A person's ways to be recognised by hash: their key, emails and handles. */
export interface HashedTraits {
  key?: string | undefined
  emails?: readonly string[] | undefined
  handles?: readonly string[] | undefined
}

/** The salted hash of "kind:value" (platform/salted-hash.ts: tombstones and do-not-contact hash alike). */
function hashed(salt: string, kind: HashKind, value: string): string {
  return saltedHashHex(salt, kind, value)
}

/** The salted hash of each key, email and handle (normalised; what is not one is left out), with its kind. */
export function traitHashes(salt: string, person: HashedTraits): Map<string, HashKind> {
  const hashes = new Map<string, HashKind>()
  const add = (kind: HashKind, text: string) => {
    const value = normalisedValue(kind, text)
    if (value !== null) hashes.set(hashed(salt, kind, value), kind)
  }
  if (person.key !== undefined) add('key', person.key)
  for (const email of person.emails ?? []) add('email', email)
  for (const handle of person.handles ?? []) add('handle', handle)
  return hashes
}
