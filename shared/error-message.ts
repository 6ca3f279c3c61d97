/**
 * The one way to say what a thrown value was, for a log line or a message built around it: an
 * Error's message, else the value as text. Everything thrown crosses here (main, sandbox, page),
 * so nobody writes `error instanceof Error ? error.message : String(error)` again.
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The same with the Error's name first (`TypeError: …`), for the log and a failure's technical words. */
export function errorNameAndMessage(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}
