import type { WholePersonProfile } from '../../shared/api'
import { fnv1a } from '../data/hash'
import type { Clock } from './clock'
import type { ProfileCatalog } from '../search/profile-catalog'

const DAY_MS = 86_400_000

/**
 * People who join the index after the sandbox first ran, as a real service's index grows: a share
 * of everyone (chosen by key), each arriving at a moment spread over the first `spreadDays` days.
 * Before it they are found by nothing (no search, no key, no handle), after it as anyone else.
 */
export interface ArrivalOptions {
  /** Share of everyone who arrives late, 0 … 1 (0: everyone is there from the start). */
  share: number
  /** Arrivals are spread over (0, spreadDays] days after the epoch. */
  spreadDays: number
}

/** What the app's built-in sandbox uses: 4 % of people arrive over eight weeks. */
export const ARRIVALS_DEFAULT: ArrivalOptions = { share: 0.04, spreadDays: 56 }

/** No late arrivals: what `startSandbox` uses unless told otherwise (tests pick anyone). */
export const ARRIVALS_NONE: ArrivalOptions = { share: 0, spreadDays: 0 }

/**
 * How long after the sandbox's epoch (its state's first start) the person with this key arrives,
 * in ms within (0, spreadDays days]; null for those there from the start. Pure: the same key and
 * options give the same answer on every run.
 */
export function arrivalOffsetMs(key: string, options: ArrivalOptions = ARRIVALS_DEFAULT): number | null {
  if (!(options.share > 0)) return null
  const roll = fnv1a(`arrival|${key}`)
  if ((roll % 10_000) / 10_000 >= options.share) return null
  const at = fnv1a(`arrives-at|${key}`) / 2 ** 32
  return 1 + Math.floor(at * options.spreadDays * DAY_MS)
}

/** Whether the person with this key is in the index from the start (tests pick such people). */
export function isPresentAtStart(key: string, options: ArrivalOptions = ARRIVALS_DEFAULT): boolean {
  return arrivalOffsetMs(key, options) === null
}

/** Checks the option, so a typo does not hide everyone or no one. */
export function checkArrivals(options: ArrivalOptions): ArrivalOptions {
  const { share, spreadDays } = options
  if (!(share >= 0 && share <= 1)) throw new RangeError(`arrivals.share must be in 0..1, got ${share}`)
  if (!(spreadDays >= 0 && Number.isFinite(spreadDays)))
    throw new RangeError(`arrivals.spreadDays must be 0 or more, got ${spreadDays}`)
  return { share, spreadDays }
}

/**
 * The catalog as it stands at the clock's now: late arrivals hidden until `epoch() + offset`.
 * Searches filter by catalog position (`present`) before they rank and cut, so a page still fills
 * with people who have arrived; the offsets of everyone are worked out once, at the first search
 * (from the keys, which generated catalogs know without making anyone: ~2 ms for 20,000).
 */
export function catalogWithArrivals(
  catalog: ProfileCatalog,
  options: ArrivalOptions & { clock: Clock; epoch: () => number }
): ProfileCatalog {
  const arrivals = checkArrivals(options)
  // per position: 0 for people there from the start, else their offset from the epoch (ms, ≥ 1)
  let offsets: Float64Array | null = null
  const schedule = (): Float64Array => {
    if (offsets === null) {
      offsets = new Float64Array(catalog.size)
      for (let id = 0; id < offsets.length; id++) offsets[id] = arrivalOffsetMs(catalog.keyAt(id), arrivals) ?? 0
    }
    return offsets
  }
  const elapsed = (): number => options.clock.now() - options.epoch()
  /** Who is in the index now, by position (read once per request). */
  const presentNow = (): ((id: number) => boolean) => {
    const table = schedule()
    const since = elapsed()
    return (id) => {
      const offset = table[id] as number
      return offset === 0 || offset <= since
    }
  }
  const arrived = (profile: WholePersonProfile | undefined): WholePersonProfile | undefined => {
    if (profile === undefined) return undefined
    const offset = arrivalOffsetMs(profile.key ?? '', arrivals)
    return offset === null || offset <= elapsed() ? profile : undefined
  }
  const both = (a: ((id: number) => boolean) | undefined, b: (id: number) => boolean) =>
    a === undefined ? b : (id: number) => b(id) && a(id)
  return {
    get size() {
      return catalog.size
    },
    keyAt: (id) => catalog.keyAt(id),
    get: (key) => arrived(catalog.get(key)),
    byHandle: (handle) => arrived(catalog.byHandle(handle)),
    match: (request, matchOptions) =>
      catalog.match(request, { ...matchOptions, present: both(matchOptions.present, presentNow()) }),
    search: (query, searchOptions) =>
      catalog.search(query, { ...searchOptions, present: both(searchOptions.present, presentNow()) })
  }
}
