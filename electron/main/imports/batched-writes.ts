/**
 * Store writes asked for in the same turn of the event loop, committed together in one
 * transaction: one sync to disk for all of them instead of one each (the store syncs every
 * commit, ~3 ms on a common disk, which capped bulk match near 300 rows a second). Each write's
 * promise settles once its transaction is committed (or failed: then every write of it fails).
 */
export class BatchedWrites {
  #queue: Array<{ write: () => void; resolve: () => void; reject: (error: unknown) => void }> = []

  constructor(private readonly transaction: (writes: () => void) => void) {}

  write(write: () => void): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ write, resolve, reject })
      // after the answers that arrived in this turn of the loop have asked too
      if (this.#queue.length === 1) setImmediate(() => this.#flush())
    })
  }

  #flush(): void {
    const batch = this.#queue.splice(0)
    try {
      this.transaction(() => {
        for (const entry of batch) entry.write()
      })
    } catch (error) {
      for (const entry of batch) entry.reject(error)
      return
    }
    for (const entry of batch) entry.resolve()
  }
}
