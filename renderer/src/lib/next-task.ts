/**
 * Resolves in a task of its own (a macrotask): what comes after it runs once the browser has had
 * its turn (input, paint), not in the same long task as what came before. The page's start is cut
 * so (issue #36 item 12: its longest task before the first row under 50 ms).
 */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * Resolves in a task of its own after the browser's next frame: what comes after it is painted a
 * frame after what came before, not in the same task. A page that paints no frames (a hidden tab,
 * a test without a renderer) goes on after 100 ms, or at once when it has no frames at all.
 */
export const afterNextPaint = (): Promise<void> =>
  new Promise<void>((resolve) => {
    if (typeof requestAnimationFrame !== 'function') return void setTimeout(resolve, 0)
    let done = false
    const next = () => {
      if (done) return
      done = true
      setTimeout(resolve, 0)
    }
    requestAnimationFrame(next)
    setTimeout(next, 100)
  })
