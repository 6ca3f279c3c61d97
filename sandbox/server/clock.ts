/** Time source for everything that changes with time (contacts, refresh jobs, tokens), injected so tests can move it. */
export interface Clock {
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }

/** A clock that only moves when told to: tests advance it instead of sleeping. */
export class ManualClock implements Clock {
  #now: number
  constructor(start = Date.parse('2026-01-05T09:00:00.000Z')) {
    this.#now = start
  }
  now(): number {
    return this.#now
  }
  advance(ms: number): void {
    this.#now += ms
  }
}

export const isoAt = (ms: number): string => new Date(ms).toISOString()
