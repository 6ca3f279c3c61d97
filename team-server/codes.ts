import { createHash, randomBytes } from 'node:crypto'

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is not misread. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * A one-time code a person types or pastes (setup codes, invites): 25 characters of base32 in
 * groups of five (125 random bits), e.g. `7K2QH-…`. Kept on the server only as `codeHash`.
 */
export function makeCode(): string {
  const bytes = randomBytes(25)
  let text = ''
  for (const byte of bytes) text += alphabet[byte & 31]
  return text.match(/.{5}/g)!.join('-')
}

/** The hash a code is kept and looked up by: case, spaces and dashes do not matter. */
export function codeHash(code: string): Buffer {
  const normal = code.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0')
  return createHash('sha256').update(`code:${normal}`).digest()
}

/** A desk's device credential: 32 random bytes, base64url. Kept on the server only as `credentialHash`. */
export function makeCredential(): string {
  return randomBytes(32).toString('base64url')
}

export function credentialHash(credential: string): Buffer {
  return createHash('sha256').update(credential).digest()
}
