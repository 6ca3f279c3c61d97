// Loaded into the browser host by the first-result bench (`node --require <this> out/main/host.cjs`,
// so the host loads as a user starts it): a heartbeat on the host's main thread that notes every
// gap between its ticks longer than 10 ms (one long block of the event loop shows as one long
// gap), with when it started (epoch ms) and, on Linux, how much of it the thread spent running
// (`cpuMs`) rather than waiting for a CPU other processes held (/proc/thread-self/schedstat): on
// a busy machine a gap is longer than the work in it. The gaps are written as JSON to the file
// named by TD_LOOP_GAPS_FILE when the process exits (the host exits on SIGTERM). Nothing else in
// the host changes; without the variable it does nothing.
'use strict'
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS preload (--require)
const { openSync, readSync, writeFileSync } = require('node:fs')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { isMainThread } = require('node:worker_threads')

const file = process.env.TD_LOOP_GAPS_FILE
// workers inherit --require: only the main thread is watched
if (file && isMainThread) {
  const TICK_MS = 2
  const gaps = []
  const epoch = () => performance.timeOrigin + performance.now()
  // nanoseconds this thread has run, read through one descriptor (~10 µs a read); NaN elsewhere
  let stat = -1
  try {
    stat = openSync('/proc/thread-self/schedstat', 'r')
  } catch {
    // not Linux: wall time only
  }
  const buffer = Buffer.alloc(64)
  const ranMs = () => {
    if (stat < 0) return NaN
    const n = readSync(stat, buffer, 0, buffer.length, 0)
    return Number(buffer.toString('latin1', 0, n).split(' ')[0]) / 1e6
  }
  let last = epoch()
  let lastRan = ranMs()
  const note = (now, ran) => {
    if (now - last > 10) gaps.push({ at: last, ms: now - last, cpuMs: ran - lastRan })
    last = now
    lastRan = ran
  }
  // the first tick comes once the host's modules have loaded: that gap is the load, kept as well
  const timer = setInterval(() => note(epoch(), ranMs()), TICK_MS)
  timer.unref()
  process.on('exit', () => {
    note(epoch(), ranMs())
    writeFileSync(file, JSON.stringify({ startedAt: performance.timeOrigin, gaps }))
  })
}
