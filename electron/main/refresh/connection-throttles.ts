import pThrottle from 'p-throttle'

export type Throttled = <T>(call: () => Promise<T>) => Promise<T>

/** One bounded request rate per connection, shared by all of its refresh jobs (status, data, match). */
export class ConnectionThrottles {
  readonly #throttles = new Map<string, Throttled>()

  constructor(private readonly ratePerSecond: number) {}

  for(connectionId: string): Throttled {
    let throttled = this.#throttles.get(connectionId)
    if (throttled === undefined) {
      const throttle = pThrottle({ limit: this.ratePerSecond, interval: 1000, strict: true })
      const run = throttle((call: () => Promise<unknown>) => call())
      throttled = <T>(call: () => Promise<T>) => run(call) as Promise<T>
      this.#throttles.set(connectionId, throttled)
    }
    return throttled
  }
}
