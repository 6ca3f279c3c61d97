import { threadId } from 'node:worker_threads'

/**
 * Main's turn at the data file. SQLite's wait for the write lock (busy_timeout) is no queue: the
 * waiter sleeps and tries again, and a worker that commits and begins its next transaction at once
 * (a replaced list's rows deleted slice after slice, a list written a few thousand rows at a time)
 * takes the lock back before main's next try. Main's thread is blocked all that time, and past
 * busy_timeout its write fails: "database is locked", an import that did import answered as a
 * failure. So main's connection raises this flag while each of its transactions runs, and a
 * worker's connection waits for it to fall before it begins one: main waits for the worker's
 * transaction under way, not for the rest of its work.
 *
 * Shared memory (a view of a SharedArrayBuffer, passed in each worker's data, the memory shared, not
 * copied): [main writing, main's thread id].
 */
export type MainWrites = Int32Array

const WRITING = 0
const OWNER = 1
/** A worker waits this long at most for one fall of the flag, then begins as it did before (busy_timeout). */
const MOST_WAIT_MS = 2000

/** The flag for a main connection opened on this thread. */
export function mainWritesFlag(): MainWrites {
  const flag = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT))
  Atomics.store(flag, OWNER, threadId)
  return flag
}

/** Runs main's transaction with the flag raised (nested ones count too), and wakes the waiting workers after. */
export function withMainWriting<T>(flag: MainWrites, run: () => T): T {
  Atomics.add(flag, WRITING, 1)
  try {
    return run()
  } finally {
    if (Atomics.sub(flag, WRITING, 1) === 1) Atomics.notify(flag, WRITING)
  }
}

/**
 * Before a worker's transaction begins: waits while main writes, at most MOST_WAIT_MS in all. Never
 * on main's own thread (a second connection there would wait for itself).
 */
export function waitForMain(flag: MainWrites): void {
  if (Atomics.load(flag, OWNER) === threadId) return
  const until = performance.now() + MOST_WAIT_MS
  for (;;) {
    const writing = Atomics.load(flag, WRITING)
    const left = until - performance.now()
    if (writing === 0 || left <= 0) return
    Atomics.wait(flag, WRITING, writing, left)
  }
}

/** Whether main's connection writes now (a worker's long transaction asks it between rows: mainWaits). */
export function mainIsWriting(flag: MainWrites): boolean {
  return Atomics.load(flag, WRITING) > 0
}
