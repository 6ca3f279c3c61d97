// An ATS pull's pages as the known-people feature writes them (ports.ts's KnownPeoplePort.writeAtsPages).

/**
 * One page of an ATS's answer as its bytes (read within the answer limits, neither decoded nor
 * parsed on main), for the known-people writer to read. The bytes fill an ArrayBuffer of their
 * own: the worker is handed that buffer (transferred, not copied), and the sender's `bytes` are
 * empty (detached) once the page is sent.
 */
export interface AtsPageBytes {
  kind: 'greenhouse' | 'lever'
  /** The answer's body as the ATS sent it (UTF-8 JSON), the whole of its ArrayBuffer. */
  bytes: Uint8Array<ArrayBuffer>
  /** "page 3 of candidates": how a refusal names it. */
  what: string
  /** Lever's stage ids and names (GET /v1/stages), to show a stage's name. */
  stages: ReadonlyArray<readonly [string, string]>
}

/** What writing one page did: its people, the emails it says may not / may be emailed, Lever's next cursor. */
export interface AtsPageWritten {
  people: number
  added: number
  updated: number
  /** The emails the ATS says may not be emailed, as written there (the do-not-contact list notes them). */
  mayNotEmail: string[]
  /**
   * The emails it says may be emailed, as their salted hashes (hex): the do-not-contact entries' own
   * (platform/salted-hash.ts over "email:" and the normalised address, the tombstones' salt), made
   * in the worker beside the list's own, so main looks them up without hashing ~500 a page. None
   * while the store has no salt (then no entry can be noted).
   */
  mayEmailHashes: string[]
  next: string | null
  /** The thread that read and wrote it (0: main's). */
  threadId: number
}

/** Where a pull's pages go: a full pull's new hidden list, or an incremental pull's changes to the ready one. */
export type AtsPagesTarget =
  | { mode: 'full'; name: string; connectionId: string; source: string; pulledAt: string }
  | { mode: 'incremental'; name: string; connectionId: string; heldPulledAt: string }

/** A pull's pages, read and written off main's thread one at a time; `finish` or `abandon` ends it. */
export interface AtsPagesWriter {
  /**
   * The writer set up (its worker started, its list made): a pull asks for its first page after
   * this, so the worker's start does not compete with main's first page for the CPU.
   */
  ready(): Promise<void>
  page(page: AtsPageBytes): Promise<AtsPageWritten>
  /** A full pull's list shown in place of the old one (an incremental one: nothing more to do). */
  finish(): Promise<void>
  /** The pull failed or was cut short: a full pull's new list goes, the old one stays as it was. */
  abandon(): Promise<void>
}
