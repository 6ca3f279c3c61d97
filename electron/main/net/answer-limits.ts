/**
 * What Talent Desk reads of any service's answer (Partner API, token exchange, tool server): a
 * hostile or broken server must not be able to hurt the host with a huge body, a body nested
 * past what any recursive reader survives, or a body sent a byte at a time.
 */
export interface AnswerLimits {
  /** The largest body read, in bytes; past it the reading stops and the answer is refused. */
  maxBodyBytes: number
  /** The deepest nesting of `[` and `{` read; past it the answer is refused before it is parsed. */
  maxDepth: number
  /** A whole call (every attempt, retry and wait, headers and body) must end within this, in ms. */
  deadlineMs: number
}

/**
 * 16 MiB: 1,000 whole profiles of the largest the built-in Sandbox makes (15,250 bytes as JSON;
 * its median is 4,108 bytes, measured over its 20,000 people), with room to spare. A list of
 * search results, a page of transactions or a refresh job's data are far below it.
 */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024
/** No API record nests past a few dozen levels; the store refuses profiles past 64. */
export const DEFAULT_MAX_DEPTH = 512
/** Two minutes for a whole call: the per-read timeouts (30 s) alone never end a trickle. */
export const DEFAULT_DEADLINE_MS = 120_000

export const defaultAnswerLimits: AnswerLimits = {
  maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
  maxDepth: DEFAULT_MAX_DEPTH,
  deadlineMs: DEFAULT_DEADLINE_MS
}

/**
 * The signal of one call: aborted by the caller's signal, or once `ms` have passed (then `passed`
 * is true and the abort's reason is `reason()`). `end()` when the call is over. Not AbortSignal.any:
 * a long-lived caller's signal (a batch's, an MCP session's) would be tied to every call's.
 */
export function callDeadline(callerSignal: AbortSignal | undefined, ms: number, reason?: () => unknown) {
  const controller = new AbortController()
  let passed = false
  const timer = setTimeout(() => {
    passed = true
    controller.abort(reason?.())
  }, ms)
  // a call's own socket keeps the process alive while it runs; the timer alone must not
  timer.unref?.()
  const follow = () => controller.abort(callerSignal?.reason)
  if (callerSignal?.aborted) follow()
  else callerSignal?.addEventListener('abort', follow, { once: true })
  return {
    signal: controller.signal,
    get passed() {
      return passed
    },
    end() {
      clearTimeout(timer)
      callerSignal?.removeEventListener('abort', follow)
    }
  }
}

/** Why an answer was refused while it was read; `words` finish "The answer … could not be read: ". */
export class AnswerRefused extends Error {
  readonly reason: 'too_large' | 'too_deep'
  readonly bytesRead: number
  constructor(
    reason: 'too_large' | 'too_deep',
    bytesRead: number,
    limits: Pick<AnswerLimits, 'maxBodyBytes' | 'maxDepth'>
  ) {
    super(
      reason === 'too_large'
        ? `it is larger than ${formatBytes(limits.maxBodyBytes)}, the most Talent Desk reads in one answer, so it stopped reading`
        : `it nests more than ${limits.maxDepth} levels deep, which no record of the service does`
    )
    this.name = 'AnswerRefused'
    this.reason = reason
    this.bytesRead = bytesRead
  }
}

/**
 * Counts bytes and the nesting of JSON as it streams in, with no recursion and no decoding: the
 * bytes that matter (`"` `\` `[` `{` `]` `}` and a line feed) never occur inside a UTF-8
 * multi-byte character. A raw line feed cannot be inside a JSON string, so it ends one: an
 * event stream's lines (`data: {…}`) are read as well as one JSON text.
 */
export class AnswerMeter {
  readonly #limits: Pick<AnswerLimits, 'maxBodyBytes' | 'maxDepth'>
  bytes = 0
  #depth = 0
  #inString = false
  #escaped = false

  constructor(limits: Pick<AnswerLimits, 'maxBodyBytes' | 'maxDepth'>) {
    this.#limits = limits
  }

  /** Takes the next piece; throws AnswerRefused as soon as a limit is passed. */
  feed(chunk: Uint8Array): void {
    this.bytes += chunk.byteLength
    if (this.bytes > this.#limits.maxBodyBytes) throw new AnswerRefused('too_large', this.bytes, this.#limits)
    let depth = this.#depth
    let inString = this.#inString
    let escaped = this.#escaped
    const limit = this.#limits.maxDepth
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!
      if (inString) {
        if (escaped) escaped = false
        else if (c === 0x5c) escaped = true
        else if (c === 0x22 || c === 0x0a) inString = false
      } else if (c === 0x22) inString = true
      else if (c === 0x7b || c === 0x5b) {
        if (++depth > limit) throw new AnswerRefused('too_deep', this.bytes, this.#limits)
      } else if ((c === 0x7d || c === 0x5d) && depth > 0) depth--
    }
    this.#depth = depth
    this.#inString = inString
    this.#escaped = escaped
  }
}

/**
 * Reads a body within the limits: the pieces are metered as they arrive and the reading stops
 * (the stream destroyed, the connection let go) at the first piece past a limit. Node streams
 * and web streams alike are async-iterable.
 */
export async function readLimitedText(
  body: AsyncIterable<Uint8Array>,
  limits: Pick<AnswerLimits, 'maxBodyBytes' | 'maxDepth'>,
  meter = new AnswerMeter(limits)
): Promise<string> {
  const chunks: Uint8Array[] = []
  // leaving the loop by a throw ends the iterator: a Node stream is destroyed, a web stream cancelled
  for await (const chunk of body) {
    meter.feed(chunk)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks, meter.bytes).toString('utf8')
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} bytes`
}

/** Seconds for a message: "120 s", "0.3 s". */
export function formatSeconds(ms: number): string {
  return ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 100) / 10} s`
}
