import { AppError } from '../../../shared/ipc/errors'

/**
 * Requests the renderer can cancel, by the id it chose. An id is in use until its request ends;
 * reusing one that is still running is refused so a cancel can never hit the wrong request.
 */
export class RequestRegistry {
  readonly #running = new Map<string, AbortController>()

  async run<T>(requestId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.#running.has(requestId)) {
      throw new AppError('conflict', 'A request with this id is still running. Wait for it or cancel it first.')
    }
    const controller = new AbortController()
    this.#running.set(requestId, controller)
    try {
      return await work(controller.signal)
    } finally {
      this.#running.delete(requestId)
    }
  }

  cancel(requestId: string): boolean {
    const controller = this.#running.get(requestId)
    if (controller === undefined) return false
    controller.abort(new Error('cancelled by the recruiter'))
    return true
  }

  cancelAll(): void {
    for (const controller of this.#running.values()) controller.abort(new Error('Talent Desk is closing'))
  }
}
