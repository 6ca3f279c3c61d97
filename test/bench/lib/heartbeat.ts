import { openSync, readSync, closeSync } from 'node:fs'

/**
 * A 1 ms heartbeat on this thread: `stop()` answers the longest gap between its ticks (and until
 * now), so one long block of the thread shows as one long gap.
 *
 * With `cpu: true` (Linux), `longestCpuMs()` answers, after `stop()`, how much of that longest gap
 * the thread spent running (/proc/thread-self/schedstat, read once a tick, as loop-monitor.cjs
 * does): on a busy machine a gap is longer than the work in it. NaN elsewhere.
 */
export function heartbeat(options: { cpu?: boolean } = {}): { stop(): number; longestCpuMs(): number } {
  const ran = options.cpu === true ? threadCpu() : undefined
  let last = performance.now()
  let lastRan = ran?.read() ?? NaN
  let gap = 0
  let gapCpu = NaN
  const note = () => {
    const now = performance.now()
    const nowRan = ran?.read() ?? NaN
    if (now - last > gap) {
      gap = now - last
      gapCpu = nowRan - lastRan
    }
    last = now
    lastRan = nowRan
  }
  const timer = setInterval(note, 1)
  return {
    stop() {
      clearInterval(timer)
      note()
      ran?.close()
      return gap
    },
    longestCpuMs: () => gapCpu
  }
}

/** Milliseconds this thread has run, read through one descriptor; undefined off Linux. */
function threadCpu(): { read(): number; close(): void } | undefined {
  let fd: number
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r')
  } catch {
    return undefined
  }
  const buffer = Buffer.alloc(64)
  return {
    read() {
      const n = readSync(fd, buffer, 0, buffer.length, 0)
      return Number(buffer.toString('latin1', 0, n).split(' ')[0]) / 1e6
    },
    close: () => closeSync(fd)
  }
}
