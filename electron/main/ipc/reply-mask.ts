/** What masks text: the log's SecretMask (logging/secret-mask.ts), fed every secret the app holds. */
export interface TextMask {
  readonly size: number
  text(text: string): string
}

/**
 * A reply nested deeper than this is refused: the bridge's JSON writer and Electron's IPC both
 * recurse per level (5,000 levels overflow the stack). Answers of a service are refused at 512
 * already (net/answer-limits.ts); a reply wraps them in a few levels more.
 */
export const MAX_REPLY_DEPTH = 1_000

/** The log's mask leaves shorter values alone (logging/secret-mask.ts). */
const MIN_SECRET_LENGTH = 6

export class ReplyTooDeep extends Error {
  constructor() {
    super(`nested more than ${MAX_REPLY_DEPTH} levels deep`)
    this.name = 'ReplyTooDeep'
  }
}

/** Arrays and plain objects are walked; anything else (a Date, a Uint8Array) is passed as it is. */
function isWalked(value: unknown): value is Record<string, unknown> | unknown[] {
  if (value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return true
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/**
 * The reply with every stored secret's value masked wherever it appears (a key a service echoed
 * into a record, a token in a message), as the log masks it: applied at the boundary, so no
 * channel can hand one to the page. Walked with a stack (no recursion); the reply itself is
 * returned untouched when nothing in it is secret (the usual case), else a masked copy (the
 * service's own objects are never changed). Throws ReplyTooDeep past MAX_REPLY_DEPTH.
 */
export function maskReply<T>(reply: T, mask: TextMask): T {
  if (!isWalked(reply)) return (typeof reply === 'string' && mask.size > 0 ? mask.text(reply) : reply) as T
  if (!holdsSecret(reply, mask)) return reply
  return maskedCopy(reply, mask) as T
}

function holdsSecret(root: Record<string, unknown> | unknown[], mask: TextMask): boolean {
  // The texts long enough to hold a secret, searched at the end as one text (joined by a
  // character no secret holds): one search per secret over the whole reply, not one per string.
  const texts: string[] = []
  const keep = mask.size > 0 ? (text: string) => text.length >= MIN_SECRET_LENGTH && texts.push(text) : () => 0
  // plain loops (no for…in): this walk runs over every reply
  const nodes: Array<Record<string, unknown> | unknown[]> = [root]
  const depths: number[] = [1]
  while (nodes.length > 0) {
    const node = nodes.pop()!
    const depth = depths.pop()!
    if (depth > MAX_REPLY_DEPTH) throw new ReplyTooDeep()
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const child: unknown = node[i]
        if (typeof child === 'string') keep(child)
        else if (child !== null && typeof child === 'object' && isWalked(child)) {
          nodes.push(child)
          depths.push(depth + 1)
        }
      }
    } else {
      const keys = Object.keys(node)
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!
        keep(key)
        const child = node[key]
        if (typeof child === 'string') keep(child)
        else if (child !== null && typeof child === 'object' && isWalked(child)) {
          nodes.push(child)
          depths.push(depth + 1)
        }
      }
    }
  }
  if (texts.length === 0) return false
  const all = texts.join('\u0000')
  return mask.text(all) !== all
}

function maskedCopy(root: Record<string, unknown> | unknown[], mask: TextMask): unknown {
  const copyOf = (node: Record<string, unknown> | unknown[]) =>
    Array.isArray(node) ? new Array<unknown>(node.length) : ({} as Record<string, unknown>)
  const out = copyOf(root)
  const pending: Array<[Record<string, unknown> | unknown[], Record<string, unknown> | unknown[]]> = [[root, out]]
  while (pending.length > 0) {
    const [from, to] = pending.pop()!
    const array = Array.isArray(from)
    for (const key in from) {
      if (!Object.hasOwn(from, key)) continue
      const child = (from as Record<string, unknown>)[key]
      let value: unknown = child
      if (typeof child === 'string') value = mask.text(child)
      else if (isWalked(child)) {
        value = copyOf(child)
        pending.push([child, value as Record<string, unknown> | unknown[]])
      }
      // defined, not assigned: an own "__proto__" key stays a key
      Object.defineProperty(to, array ? key : mask.text(key), {
        value,
        enumerable: true,
        writable: true,
        configurable: true
      })
    }
  }
  return out
}
