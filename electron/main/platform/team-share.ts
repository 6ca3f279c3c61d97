import type BetterSqlite3 from 'better-sqlite3'
import type { z } from 'zod'
import type { TeamPayload } from './ports'

/*
 * What a feature shares with its team (issue #38), declared in the feature's own folder
 * (`<feature>/team-share.ts`, as its `personal-data.ts` is) and handed over by its contribution
 * (Feature.teamShare): the kinds of change it writes, each payload's schema, and how a colleague's
 * change of that kind applies on this desk. The team feature collects them (FeatureContext
 * .teamShares()); nothing here names a feature.
 */

/** A colleague's change as it is applied: its payload read by the kind's schema (null once erased on the server). */
export interface IncomingChange<Payload> {
  seq: number
  id: string
  kind: string
  payload: Payload | null
  subjects: readonly string[]
  author: { deskId: string; personName: string }
  serverTime: string
  /** This desk's own change, back from the server with its sequence number (only to kinds that ask: `mineToo`). */
  mine?: boolean
}

/** What applying a change may use: the store's connection (inside the page's transaction) and the team's salt. */
export interface ApplyContext {
  db: BetterSqlite3.Database
  /** The team-salted hash of a value already normalised (TeamPort.salted). */
  salted(value: string): string
  /** This desk's id in the team (a change may name the desks it is meant for). */
  deskId: string
}

export interface SharedKind<Payload extends TeamPayload = TeamPayload> {
  /** The payload's schema: a colleague's payload that does not fit is skipped (and logged), never applied. */
  payload: z.ZodType<Payload>
  /**
   * Applies a colleague's change, inside the transaction that also records its sequence number
   * (applied exactly once). Whatever it writes is not shared again (no echo).
   */
  apply(change: IncomingChange<Payload>, context: ApplyContext): void
  /**
   * Work that cannot run inside the page's transaction (an erase, which checkpoints the file), run
   * after a page holding changes of this kind committed, and once at start (so a crash between the
   * two loses nothing): brings the desk in line with what `apply` recorded. Idempotent.
   */
  settle?(context: ApplyContext): void
  /**
   * Also hand this desk's own changes to `apply` (with `mine: true`) as they come back in the
   * server's order, so a per-field merge learns the sequence number its own edit got.
   */
  mineToo?: boolean
  /**
   * The desks a change of this kind is meant for (their team ids), read from the payload as it is
   * pushed; null or absent, the whole team. The server gives the change to no other desk.
   */
  audience?(payload: Payload): readonly string[] | null
}

/** A feature's declaration: its kinds by name ("do-not-contact.entry"). */
export interface TeamShare {
  /** The feature's folder name, for the log. */
  feature: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own payload type
  kinds: Readonly<Record<string, SharedKind<any>>>
}

/** Declares one kind with its payload's type read from the schema. */
export function sharedKind<Payload extends TeamPayload>(kind: SharedKind<Payload>): SharedKind<Payload> {
  return kind
}
