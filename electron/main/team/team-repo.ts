import type BetterSqlite3 from 'better-sqlite3'
import type { TeamRole } from '../../../shared/team/protocol'
import type { TeamPayload } from '../platform/ports'

/** The team this desk is in (store/migrations/27-team.ts, team_state). */
export interface TeamState {
  serverOrigin: string
  teamId: string
  teamName: string
  salt: string
  deskId: string
  personName: string
  deskName: string
  role: TeamRole
  lastSeq: number
  lastSyncedAt: string | null
  joinedAt: string
}

interface StateRow {
  server_origin: string
  team_id: string
  team_name: string
  salt: string
  desk_id: string
  person_name: string
  desk_name: string
  role: TeamRole
  last_seq: number
  last_synced_at: string | null
  joined_at: string
}

/** A change in the outbox, oldest first. */
export interface OutboxChange {
  id: number
  changeId: string
  kind: string
  payload: TeamPayload
  subjects: string[]
  deskTime: string
  attempts: number
  refused: { code: string; message: string } | null
}

interface OutboxRow {
  id: number
  change_id: string
  kind: string
  payload: string
  subjects: string
  desk_time: string
  attempts: number
  refused_code: string | null
  refused_message: string | null
}

const outboxOf = (row: OutboxRow): OutboxChange => ({
  id: row.id,
  changeId: row.change_id,
  kind: row.kind,
  payload: JSON.parse(row.payload) as TeamPayload,
  subjects: JSON.parse(row.subjects) as string[],
  deskTime: row.desk_time,
  attempts: row.attempts,
  refused: row.refused_code === null ? null : { code: row.refused_code, message: row.refused_message ?? '' }
})

/** The team's tables: the one state row and the outbox. */
export class TeamRepo {
  readonly #db: BetterSqlite3.Database

  constructor(db: BetterSqlite3.Database) {
    this.#db = db
  }

  state(): TeamState | null {
    const row = this.#db.prepare('SELECT * FROM team_state WHERE id = 1').get() as StateRow | undefined
    if (row === undefined) return null
    return {
      serverOrigin: row.server_origin,
      teamId: row.team_id,
      teamName: row.team_name,
      salt: row.salt,
      deskId: row.desk_id,
      personName: row.person_name,
      deskName: row.desk_name,
      role: row.role,
      lastSeq: row.last_seq,
      lastSyncedAt: row.last_synced_at,
      joinedAt: row.joined_at
    }
  }

  /** Joined: the one row (a desk is in one team at most). */
  join(state: Omit<TeamState, 'lastSeq' | 'lastSyncedAt'>): void {
    this.#db
      .prepare(
        `INSERT INTO team_state (id, server_origin, team_id, team_name, salt, desk_id, person_name, desk_name, role, joined_at)
         VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
      )
      .run(
        state.serverOrigin,
        state.teamId,
        state.teamName,
        state.salt,
        state.deskId,
        state.personName,
        state.deskName,
        state.role,
        state.joinedAt
      )
  }

  /** Left: the state, the outbox and the team's lists go (the desk's own data stays). */
  leave(): void {
    this.#db.exec(
      'DELETE FROM team_state; DELETE FROM team_outbox; DELETE FROM team_do_not_contact; DELETE FROM team_do_not_contact_changes; DELETE FROM team_tombstones;'
    )
  }

  setRole(role: TeamRole, teamName: string): void {
    this.#db.prepare('UPDATE team_state SET role = ?, team_name = ? WHERE id = 1').run(role, teamName)
  }

  /** Records the last sequence number applied (in the page's transaction). */
  setLastSeq(seq: number, at: string): void {
    this.#db.prepare('UPDATE team_state SET last_seq = ?, last_synced_at = ? WHERE id = 1').run(seq, at)
  }

  synced(at: string): void {
    this.#db.prepare('UPDATE team_state SET last_synced_at = ? WHERE id = 1').run(at)
  }

  append(change: {
    changeId: string
    kind: string
    payload: TeamPayload
    subjects: readonly string[]
    deskTime: string
  }): void {
    this.#db
      .prepare('INSERT INTO team_outbox (change_id, kind, payload, subjects, desk_time) VALUES (?, ?, ?, ?, ?)')
      .run(
        change.changeId,
        change.kind,
        JSON.stringify(change.payload),
        JSON.stringify(change.subjects),
        change.deskTime
      )
  }

  /** The oldest changes waiting (not refused), at most `limit`. */
  waiting(limit: number): OutboxChange[] {
    return (
      this.#db
        .prepare('SELECT * FROM team_outbox WHERE refused_code IS NULL ORDER BY id LIMIT ?')
        .all(limit) as OutboxRow[]
    ).map(outboxOf)
  }

  waitingCount(): number {
    return this.#db.prepare('SELECT COUNT(*) FROM team_outbox WHERE refused_code IS NULL').pluck().get() as number
  }

  refused(): OutboxChange[] {
    return (
      this.#db.prepare('SELECT * FROM team_outbox WHERE refused_code IS NOT NULL ORDER BY id').all() as OutboxRow[]
    ).map(outboxOf)
  }

  attempted(ids: readonly number[]): void {
    const bump = this.#db.prepare('UPDATE team_outbox SET attempts = attempts + 1 WHERE id = ?')
    for (const id of ids) bump.run(id)
  }

  accepted(changeId: string): void {
    this.#db.prepare('DELETE FROM team_outbox WHERE change_id = ?').run(changeId)
  }

  refuse(changeId: string, code: string, message: string): void {
    this.#db
      .prepare('UPDATE team_outbox SET refused_code = ?, refused_message = ? WHERE change_id = ?')
      .run(code, message, changeId)
  }
}
