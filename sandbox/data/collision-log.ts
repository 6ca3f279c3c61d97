/**
 * The collision log of the app's own data set (seed 1, its first 20,000 people), kept with the
 * code: with it the sandbox can generate any of those people alone (`ProfileGenerator.one`) from
 * its first start, so it answers a name search before it has generated everyone (see
 * sandbox/search/catalog.ts). It is what a sequential run records (`RecordingClaims`), and valid
 * for any count up to its own (profile i's refusals depend only on the profiles before it).
 *
 * When the generator changes (DATA_VERSION moves), this log no longer applies and is ignored until
 * it is written again — `npx tsx sandbox/data/write-collision-log.ts`; a unit test compares it
 * with a fresh run.
 */
import builtIn from './collision-log.json'
import { DATA_VERSION, ProfileGenerator, type CollisionLog } from './generate'

export interface CollisionLogFile {
  dataVersion: number
  seed: number
  /** The run's length: the log holds for any count up to this. */
  count: number
  /** Flat (profile index, claim call) pairs, in order. */
  pairs: number[]
}

/** The built-in log when it holds for this data set, else null. */
export function builtInCollisionLog(seed: number, count: number): CollisionLog | null {
  const file = builtIn as CollisionLogFile
  if (file.dataVersion !== DATA_VERSION || file.seed !== seed || count > file.count) return null
  return Uint32Array.from(file.pairs)
}

/** What a sequential run of `count` people for `seed` records. */
export function recordCollisionLog(seed: number, count: number): CollisionLogFile {
  const run = new ProfileGenerator({ seed }).run(count)
  run.next(count)
  return { dataVersion: DATA_VERSION, seed, count, pairs: Array.from(run.log()) }
}
