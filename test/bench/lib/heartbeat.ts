import { openSync, readSync, closeSync } from 'node:fs'

/**
 * A 1 ms heartbeat on this thread: `stop()` answers the longest gap between its ticks (and until
 * now), so one long block of the thread shows as one long gap.
 *
 * With `cpu: true` (Linux), `longestCpuMs()` answers, after `stop()`, how much of that longest gap
 * the thread spent running, and `longestWaitMs()` how much it spent runnable but waiting for a CPU
 * (the first two numbers of /proc/thread-self/schedstat, read once a tick, as loop-monitor.cjs
 * does): on a busy machine a gap is longer than the work in it. The rest of the gap the thread
 * slept (on a lock, the disk, or its timer). NaN elsewhere.
 */
export function heartbeat(options: { cpu?: boolean } = {}): {
  stop(): number
  longestCpuMs(): number
  longestWaitMs(): number
  /** When the longest gap ended, in ms after the heartbeat started. */
  longestAtMs(): number
} {
  const ran = options.cpu === true ? threadCpu() : undefined
  const started = performance.now()
  let last = started
  let gapAt = NaN
  let lastRan = ran?.read() ?? { ranMs: NaN, waitedMs: NaN }
  let gap = 0
  let gapCpu = NaN
  let gapWait = NaN
  const note = () => {
    const now = performance.now()
    const nowRan = ran?.read() ?? { ranMs: NaN, waitedMs: NaN }
    if (now - last > gap) {
      gap = now - last
      gapCpu = nowRan.ranMs - lastRan.ranMs
      gapWait = nowRan.waitedMs - lastRan.waitedMs
      gapAt = now - started
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
    longestCpuMs: () => gapCpu,
    longestWaitMs: () => gapWait,
    longestAtMs: () => gapAt
  }
}

/** Milliseconds this thread has run and waited to run, read through one descriptor; undefined off Linux. */
function threadCpu(): { read(): { ranMs: number; waitedMs: number }; close(): void } | undefined {
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
      const [ran, waited] = buffer.toString('latin1', 0, n).split(' ')
      return { ranMs: Number(ran) / 1e6, waitedMs: Number(waited) / 1e6 }
    },
    close: () => closeSync(fd)
  }
}
