/**
 * Waits until `read()` gives a value `done` accepts, asking again every 25 ms, and answers that
 * value; fails after `timeoutMs` with the last value read. For a state another process, thread or
 * service reaches on its own time (a job's status, a request registered, a token expired): the
 * test waits for the state itself, never for a guessed length of time.
 */
export async function until<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(value)?.slice(0, 400)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
