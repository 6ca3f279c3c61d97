import { setTimeout as sleep } from 'node:timers/promises'

/**
 * One connection's "hold on" after a 429: every request on that connection waits until the
 * service's Retry-After has passed, not only the call that was refused.
 */
export class ConnectionGate {
  #until = 0
  constructor(private readonly now: () => number = Date.now) {}

  /** Pauses requests until `now + ms` (a longer pause already in force wins). */
  pause(ms: number): void {
    this.#until = Math.max(this.#until, this.now() + ms)
  }

  /** Milliseconds left in the pause; 0 when requests may go. */
  remaining(): number {
    return Math.max(0, this.#until - this.now())
  }

  /** Resolves when requests may go; rejects with the signal's reason when cancelled first. */
  async wait(signal?: AbortSignal): Promise<void> {
    for (let left = this.remaining(); left > 0; left = this.remaining()) {
      await sleep(left, undefined, signal ? { signal } : undefined)
    }
    signal?.throwIfAborted()
  }
}
