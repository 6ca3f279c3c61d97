/** Injected so tests can move time (purge of soft-deleted shortlists, snapshot dates). */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

export function isoNow(clock: Clock): string {
  return clock.now().toISOString()
}
