import { describe, expect, it } from 'vitest'
import builtIn from '../../../sandbox/data/collision-log.json'
import { builtInCollisionLog, recordCollisionLog } from '../../../sandbox/data/collision-log'
import { DATA_VERSION, ProfileGenerator } from '../../../sandbox/data/generate'

describe('the built-in collision log', () => {
  it('is what a sequential run of the app’s data set records (else: npx tsx sandbox/data/write-collision-log.ts)', () => {
    expect(builtIn.dataVersion).toBe(DATA_VERSION)
    expect(recordCollisionLog(builtIn.seed, builtIn.count)).toEqual(builtIn)
  }, 60_000) // 20,000 people: about two seconds on a quiet machine

  it('holds for its seed and any count up to its own, and for nothing else', () => {
    expect(builtInCollisionLog(1, 20_000)).toEqual(Uint32Array.from(builtIn.pairs))
    expect(builtInCollisionLog(1, 500)).not.toBeNull()
    expect(builtInCollisionLog(1, 20_001)).toBeNull()
    expect(builtInCollisionLog(2, 500)).toBeNull()
  })

  it('makes any person alone, the same as the run (people with collisions included)', () => {
    const log = builtInCollisionLog(1, 20_000)!
    const collided = [...new Set(Array.from(log).filter((_, i) => i % 2 === 0))].slice(0, 40)
    const last = Math.max(...collided)
    const run = new ProfileGenerator({ seed: 1 }).run(last + 1)
    run.next(last + 1)
    const alone = new ProfileGenerator({ seed: 1 })
    for (const id of collided) expect(JSON.stringify(alone.one(id, log))).toBe(JSON.stringify(run.profiles[id]))
  })
})
