// Loaded into the browser host by the first-result bench (`node --require <this> out/main/host.cjs`,
// so the host loads as a user starts it): a heartbeat on the host's main thread that notes every
// gap between its ticks longer than 10 ms (one long block of the event loop shows as one long
// gap), with when it started (epoch ms). The gaps are written as JSON to the file named by
// TD_LOOP_GAPS_FILE when the process exits (the host exits on SIGTERM). Nothing else in the host
// changes; without the variable it does nothing.
'use strict'
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS preload (--require)
const { writeFileSync } = require('node:fs')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { isMainThread } = require('node:worker_threads')

const file = process.env.TD_LOOP_GAPS_FILE
// workers inherit --require: only the main thread is watched
if (file && isMainThread) {
  const TICK_MS = 2
  const gaps = []
  const epoch = () => performance.timeOrigin + performance.now()
  let last = epoch()
  // the first tick comes once the host's modules have loaded: that gap is the load, kept as well
  const timer = setInterval(() => {
    const now = epoch()
    if (now - last > 10) gaps.push({ at: last, ms: now - last })
    last = now
  }, TICK_MS)
  timer.unref()
  process.on('exit', () => {
    const now = epoch()
    if (now - last > 10) gaps.push({ at: last, ms: now - last })
    writeFileSync(file, JSON.stringify({ startedAt: performance.timeOrigin, gaps }))
  })
}
