import type { AtsClient, AtsKind } from '../ats-client'

/**
 * What a pull needs of a saved ATS connection (issue #39 item 1, built beside this): its kind, the
 * name the recruiter gave it, and a client for it — the AtsClient made over main's dispatcher,
 * the connection's pace and gate and its key from the keychain. null when there is no such
 * connection. The ATS feature's index wires the real one.
 */
export interface AtsOpener {
  open(connectionId: string): Promise<OpenedAts | null>
  /** The saved ATS connections (their ids), for the schedule. */
  connectionIds(): string[]
}

export interface OpenedAts {
  kind: AtsKind
  name: string
  client: Pick<AtsClient, 'call'>
}
