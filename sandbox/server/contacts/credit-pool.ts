import { ApiError } from '../http/errors'

/** One organisation's contact credits; shared by its API key and its tool-server users. */
export class CreditPool {
  #available: number
  #used = 0
  constructor(initial: number) {
    this.#available = initial
  }
  get available(): number {
    return this.#available
  }
  get used(): number {
    return this.#used
  }
  snapshot(): { available: number; used: number } {
    return { available: this.#available, used: this.#used }
  }
  restore(state: { available: number; used: number }): void {
    this.#available = state.available
    this.#used = state.used
  }

  /** Spends all or nothing: a request that needs more than what is left is refused with 402. */
  spend(count: number): void {
    if (count > this.#available) {
      throw new ApiError(
        402,
        'payment_required',
        `Not enough credits: this request needs ${count} new contact credit(s), ${this.#available} available`,
        { needed: count, available: this.#available, used: this.#used }
      )
    }
    this.#available -= count
    this.#used += count
  }
}
