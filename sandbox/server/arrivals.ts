import type { WholePersonProfile } from '../../shared/api'
import { fnv1a } from '../data/hash'
import type { Clock } from './clock'
import type { ProfileCatalog } from './profile-catalog'

const DAY_MS = 86_400_000

/**
 * People who join the index after the sandbox first ran, as a real service's index grows: a share
 * of everyone (chosen by key), each arriving at a moment spread over the first `spreadDays` days.
 * Before it they are found by nothing (no search, no key, no handle), after it as anyone else.
 */
export interface ArrivalOptions {
  share: number
  spreadDays: number
}

/** What the app's built-in sandbox uses: 4 % of people arrive over eight weeks. */
export const ARRIVALS_DEFAULT: ArrivalOptions = { share: 0.04, spreadDays: 56 }

/** How long after the sandbox's first run a person arrives; null for those there from the start. */
export function arrivalOffsetMs(key: string, options: ArrivalOptions = ARRIVALS_DEFAULT): number | null {
  const roll = fnv1a(`arrival|${key}`)
  if ((roll % 10_000) / 10_000 >= options.share) return null
  const at = fnv1a(`arrives-at|${key}`) / 2 ** 32
  return 1 + Math.floor(at * options.spreadDays * DAY_MS)
}

/**
 * The catalog as it stands at the clock's now: late arrivals hidden until their time (counted
 * from `epoch`, the sandbox state's first start). A search still fills its page with arrived
 * people: the index filters before it cuts (`where`), and a match asks for a few more.
 */
export function catalogWithArrivals(
  catalog: ProfileCatalog,
  options: ArrivalOptions & { clock: Clock; epoch: () => number }
): ProfileCatalog {
  const arrived = (profile: WholePersonProfile | undefined): profile is WholePersonProfile => {
    if (profile === undefined) return false
    const offset = arrivalOffsetMs(profile.key ?? '', options)
    return offset === null || options.clock.now() >= options.epoch() + offset
  }
  return {
    get size() {
      return catalog.size
    },
    get: (key) => {
      const profile = catalog.get(key)
      return arrived(profile) ? profile : undefined
    },
    byHandle: (handle) => {
      const profile = catalog.byHandle(handle)
      return arrived(profile) ? profile : undefined
    },
    match: (request, { max }) => {
      const wanted = Math.min(1000, max + Math.ceil(max * options.share * 4) + 5)
      return catalog
        .match(request, { max: wanted })
        .filter((profile) => arrived(profile))
        .slice(0, max)
    },
    search: (query, { limit, offset, where }) =>
      catalog.search(query, {
        limit,
        offset,
        where: (profile) => arrived(profile) && (where === undefined || where(profile))
      })
  }
}
