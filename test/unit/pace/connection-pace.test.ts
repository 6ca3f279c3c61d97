import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../electron/main/api/api-error'
import { ConnectionGate } from '../../../electron/main/api/connection-gate'
import { ConnectionPace, UNTIMED_RATE } from '../../../electron/main/pace/connection-pace'
import { ManualTimers, settle } from './manual-timers'

function paceOn(ceiling: number) {
  const timers = new ManualTimers()
  const gate = new ConnectionGate(() => timers.now())
  const pace = new ConnectionPace({ ceiling, gate, timers })
  return { timers, gate, pace }
}

/**
 * A service that lets `limit` calls through in any second (a sliding window) and answers the
 * rest 429 with Retry-After: 1, as the client does: the gate is paused and the pace told. The
 * recruiter's rows are sent by `workers` at once until `rows` were answered.
 */
async function underRateLimit(options: {
  limit: number
  ceiling: number
  workers: number
  seconds: number
  /** The limit as the service says it (an ATS's X-RateLimit-Limit over its window), told to the pace. */
  said?: boolean
}) {
  const { timers, gate, pace } = paceOn(options.ceiling)
  if (options.said === true) pace.setWindow({ limit: options.limit, windowMs: 1000 })
  const accepted: number[] = []
  let limited = 0
  let answered = 0
  let running = true
  const attempt = () => {
    const now = timers.now()
    while (accepted.length > 0 && accepted[0]! <= now - 1000) accepted.shift()
    if (accepted.length >= options.limit) {
      limited += 1
      gate.pause(1000)
      pace.answered(429, 'rate_limited')
      return false
    }
    accepted.push(now)
    pace.answered(200, null)
    answered += 1
    return true
  }
  // as the client does: a refused call waits for the gate and is sent again (three times at most)
  const call = async () => {
    for (let tries = 0; tries < 4; tries++) {
      if (tries > 0) await new Promise<void>((resolve) => timers.setTimeout(resolve, gate.remaining()))
      if (attempt()) return
    }
    throw new ApiError({ kind: 'rate_limited', operation: 'Match Profiles', status: 429, retryAfterMs: 1000 })
  }
  const workers = Array.from({ length: options.workers }, async () => {
    while (running) {
      try {
        await pace.run(call)
      } catch {
        // a row refused four times is sent again
      }
    }
  })
  await timers.advance(options.seconds * 1000)
  running = false
  pace.close()
  await Promise.allSettled(workers)
  return { answered, limited, rate: answered / options.seconds, pace }
}

describe('one connection’s pace', () => {
  it('spaces calls at its rate, in the order they came', async () => {
    const { timers, pace } = paceOn(10) // starts at 10 a second: 100 ms apart
    const started: Array<[number, number]> = []
    const calls = [1, 2, 3, 4].map((n) => pace.run(async () => void started.push([n, timers.now()])))
    await settle()
    expect(started).toEqual([[1, 0]])
    await timers.advance(350)
    await Promise.all(calls)
    expect(started).toEqual([
      [1, 0],
      [2, 100],
      [3, 200],
      [4, 300]
    ])
  })

  it('waits out a Retry-After before the next call, whoever was refused', async () => {
    const { timers, gate, pace } = paceOn(1000)
    await pace.run(async () => undefined)
    gate.pause(1_500) // a 429 on another call of this connection
    const started: number[] = []
    const next = pace.run(async () => void started.push(timers.now()))
    await timers.advance(1_400)
    expect(started).toEqual([])
    await timers.advance(200)
    await next
    expect(started[0]).toBeGreaterThanOrEqual(1_500)
  })

  it('after a 429, keeps a place for the refused call the client sends again when the gate opens', async () => {
    const { timers, gate, pace } = paceOn(100)
    await pace.run(async () => undefined)
    // refused: the client pauses the connection a second and will send it again then
    gate.pause(1_000)
    pace.answered(429, 'rate_limited')
    const gap = 1000 / pace.rule.rate
    const started: number[] = []
    const next = pace.run(async () => void started.push(timers.now()))
    await timers.advance(1_000 + gap + 5)
    await next
    expect(started[0]).toBeGreaterThanOrEqual(1_000 + gap - 1) // one gap after the resent call
  })

  it('a 503’s Retry-After that reached the caller holds the connection too', async () => {
    const { timers, pace } = paceOn(1000)
    const unavailable = new ApiError({ kind: 'server', operation: 'Get Job Status', status: 503, retryAfterMs: 2_000 })
    await expect(
      pace.run(async () => {
        throw unavailable
      })
    ).rejects.toBe(unavailable)
    const started: number[] = []
    const next = pace.run(async () => void started.push(timers.now()))
    await timers.advance(1_900)
    expect(started).toEqual([])
    await timers.advance(200)
    await next
    expect(started).toHaveLength(1)
  })

  it('never starts more calls in a second than its ceiling, however fast the service answers', async () => {
    const { timers, pace } = paceOn(50)
    const starts: number[] = []
    let running = true
    const workers = Array.from({ length: 8 }, async () => {
      while (running) {
        await pace.run(async () => {
          starts.push(timers.now())
          pace.answered(200, null)
        })
      }
    })
    await timers.advance(10_000)
    running = false
    pace.close()
    await Promise.allSettled(workers)
    let most = 0
    for (let i = 0; i < starts.length; i++) {
      let n = 0
      for (let j = i; j < starts.length && starts[j]! - starts[i]! < 1000; j++) n++
      most = Math.max(most, n)
    }
    expect(most).toBeLessThanOrEqual(51)
    expect(pace.rule.rate).toBe(50)
    expect(starts.length).toBeGreaterThan(440) // up to speed within a second or so
  })

  it('calls are not spaced at all at the untimed rate and above', async () => {
    const fast = new ConnectionPace({
      ceiling: UNTIMED_RATE,
      gate: new ConnectionGate(),
      timers: new ManualTimers(),
      tuning: { startRate: UNTIMED_RATE }
    })
    const started: number[] = []
    const calls = [1, 2, 3].map((n) => fast.run(async () => void started.push(n)))
    await settle()
    expect(started).toEqual([1, 2, 3]) // no timer between them
    await Promise.all(calls)
  })

  it('converges under a service that allows 20 calls a second: ≥ 90 % of it, 429s under 5 %', async () => {
    const { answered, limited, rate, pace } = await underRateLimit({
      limit: 20,
      ceiling: 100,
      workers: 4,
      seconds: 60
    })
    expect(rate).toBeGreaterThanOrEqual(18)
    expect(limited).toBeLessThanOrEqual(3)
    expect(limited / (answered + limited)).toBeLessThan(0.05)
    expect(pace.rule.limit).toBeGreaterThan(18)
    expect(pace.rule.limit).toBeLessThanOrEqual(21)
  })

  it('under a ceiling below the service’s limit, never meets a 429', async () => {
    const { limited, rate } = await underRateLimit({ limit: 20, ceiling: 15, workers: 4, seconds: 20 })
    expect(limited).toBe(0)
    expect(rate).toBeGreaterThan(14)
  })

  it('told the service’s window (an ATS’s X-RateLimit-Limit), keeps to it from the first call: no 429, ≥ 90 % of it', async () => {
    // 5 calls in any second, far below the pace's own start (10 a second): learnt, it never meets a 429
    const { limited, rate, pace } = await underRateLimit({
      limit: 5,
      ceiling: 100,
      workers: 4,
      seconds: 30,
      said: true
    })
    expect(limited).toBe(0)
    expect(rate).toBeGreaterThanOrEqual(4.5)
    expect(pace.rule.limit).toBeNull()
  })

  it('with a window, a burst up to it goes at once; the next waits for the oldest call to leave it', async () => {
    const timers = new ManualTimers()
    const pace = new ConnectionPace({
      ceiling: UNTIMED_RATE,
      gate: new ConnectionGate(() => timers.now()),
      timers,
      tuning: { startRate: UNTIMED_RATE }
    })
    pace.setWindow({ limit: 3, windowMs: 10_000 })
    const started: number[] = []
    const calls = [1, 2, 3, 4, 5].map(() => pace.run(async () => void started.push(timers.now())))
    await settle()
    expect(started).toEqual([0, 0, 0])
    // the window and its margin (1 % of it): 10.1 s after the first call
    await timers.advance(10_099)
    expect(started).toHaveLength(3)
    await timers.advance(1)
    await Promise.all(calls)
    expect(started).toEqual([0, 0, 0, 10_100, 10_100])
  })
})
