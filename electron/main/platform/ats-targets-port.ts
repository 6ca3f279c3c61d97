/** A call to an ATS, as ats/ats-client.ts's AtsClient makes it (at the connection's pace, 429 held). */
export interface AtsCaller {
  call(
    operation: string,
    path: string,
    options?: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string>; expected?: number[] }
  ): Promise<{ status: number; headers: Headers; body: unknown }>
}

/** A saved ATS connection ready to write to: its kind, name, the user writes are made as, and its client. */
export interface AtsTarget {
  connectionId: string
  kind: 'greenhouse' | 'lever'
  /** The connection's name, as Settings → ATS shows it. */
  name: string
  /** Greenhouse: the user id sent as On-Behalf-Of; Lever: the user id sent as perform_as. */
  actingUserId: string
  client: AtsCaller
}

/**
 * The saved ATS connections (Settings → ATS, issue #39 item 1), as "Send to the ATS" opens them
 * (ats/push/). Throws an AppError (not_found, unauthorized…) when the connection cannot be used.
 */
export interface AtsTargetsPort {
  open(connectionId: string): Promise<AtsTarget>
  /**
   * A send made records there: the connection's pulled list reads the changes now, so the "In your
   * ATS" marks agree with the send at once (a connection not saved, e.g. a test's, is passed over).
   */
  sent?(connectionId: string): void
}
