import type { IpcResult } from '../../../../shared/ipc/errors'
import { describeError } from '../../lib/error-details'

export interface Notice {
  tone: 'info' | 'error'
  message: string
  /** Technical detail, one click away. */
  details?: string
}

/** How long the Undo bar stays after a delete. */
const UNDO_MS = 8000
/** How long a confirmation ("Created …") stays. */
const NOTICE_MS = 6000

/**
 * What a screen tells the recruiter after an action: a notice (confirmations fade on their own,
 * errors stay until dismissed) and the Undo of the last delete, offered for a few seconds.
 */
export class Feedback<Undoable> {
  #undo = $state.raw<Undoable | null>(null)
  #notice = $state.raw<Notice | null>(null)
  #undoTimer: ReturnType<typeof setTimeout> | undefined
  #noticeTimer: ReturnType<typeof setTimeout> | undefined

  /** The last deletion, while its Undo is offered. */
  get undo(): Undoable | null {
    return this.#undo
  }

  get notice(): Notice | null {
    return this.#notice
  }

  offerUndo(undo: Undoable): void {
    clearTimeout(this.#undoTimer)
    this.#undo = undo
    this.#undoTimer = setTimeout(() => {
      this.#undo = null
    }, UNDO_MS)
  }

  dismissUndo(): void {
    clearTimeout(this.#undoTimer)
    this.#undo = null
  }

  say(tone: Notice['tone'], message: string, details?: string): void {
    const notice = details === undefined ? { tone, message } : { tone, message, details }
    this.#notice = notice
    clearTimeout(this.#noticeTimer)
    if (tone === 'info') {
      this.#noticeTimer = setTimeout(() => {
        if (this.#notice === notice) this.#notice = null
      }, NOTICE_MS)
    }
  }

  dismissNotice(): void {
    this.#notice = null
  }

  /** Whether a reply succeeded; a failure is said as an error notice, with its details. */
  ok<T>(reply: IpcResult<T>): reply is { ok: true; data: T } {
    if (!reply.ok) this.say('error', reply.error.message, describeError(reply.error))
    return reply.ok
  }
}
