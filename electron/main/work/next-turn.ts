/**
 * One turn of main's event loop: what is waiting (I/O such as a request or a worker's message,
 * then timers) runs before the caller goes on. A long job awaits it between its slices so that
 * main keeps answering meanwhile.
 */
export const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve))
