import pThrottle from 'p-throttle'

/** A pace at or above this many calls a second is not spaced (tests and benches lift the limit). */
export const UNTIMED_RATE = 1000

export type Throttled = <T>(call: () => Promise<T>) => Promise<T>

/** One bounded request rate per connection, shared by all of its refresh jobs (status, data, match). */
export class ConnectionThrottles {
  readonly #throttles = new Map<string, Throttled>()

  constructor(private readonly ratePerSecond: number) {}

  for(connectionId: string): Throttled {
    let throttled = this.#throttles.get(connectionId)
    if (throttled === undefined && this.ratePerSecond >= UNTIMED_RATE) {
      // calls closer than a millisecond apart cannot be spaced by timers: no pace to keep
      throttled = <T>(call: () => Promise<T>) => call()
      this.#throttles.set(connectionId, throttled)
    }
    if (throttled === undefined) {
      const throttle = pThrottle({ limit: this.ratePerSecond, interval: 1000, strict: true })
      const run = throttle((call: () => Promise<unknown>) => call())
      throttled = <T>(call: () => Promise<T>) => run(call) as Promise<T>
      this.#throttles.set(connectionId, throttled)
    }
    return throttled
  }
}
