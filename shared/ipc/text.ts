import type { z } from 'zod'

/**
 * Half of a UTF-16 surrogate pair without its other half. No keyboard types one, but a script or
 * a cut emoji can; SQLite and the OS keychain store text as UTF-8, where it cannot exist, so it
 * would be saved as replacement characters (�) and read back different from what was sent.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const isWellFormed = (text: string): boolean => !LONE_SURROGATE.test(text)

/** `text` with every lone surrogate replaced (by U+FFFD, as `String.prototype.toWellFormed` does). */
export const toWellFormed = (text: string, replacement = '\uFFFD'): string =>
  text.replace(new RegExp(LONE_SURROGATE.source, 'g'), replacement)

export const brokenCharacterMessage =
  'This text holds a broken character (half of an emoji or symbol), which cannot be saved. Type it again.'

/**
 * Text the app saves as typed (names, notes, tags, titles, secrets): refused, naming the field,
 * when it holds a lone surrogate, instead of being saved altered.
 */
export function wellFormed<T extends z.ZodType<string, string>>(schema: T): T {
  return schema.refine(isWellFormed, brokenCharacterMessage) as T
}
