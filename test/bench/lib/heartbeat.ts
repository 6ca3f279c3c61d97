/**
 * A 1 ms heartbeat on this thread: `stop()` answers the longest gap between its ticks (and until
 * now), so one long block of the thread shows as one long gap.
 */
export function heartbeat(): { stop(): number } {
  let last = performance.now()
  let gap = 0
  const timer = setInterval(() => {
    const now = performance.now()
    gap = Math.max(gap, now - last)
    last = now
  }, 1)
  return {
    stop() {
      clearInterval(timer)
      return Math.max(gap, performance.now() - last)
    }
  }
}
