import type BetterSqlite3 from 'better-sqlite3'
import type { Store } from '../store'
import type { Person, PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'
import { teamSubjects } from '../personal-data/team-hash'

/** The person's team-salted hashes (keys, emails, handles), or none outside a team. */
function subjectsOf(db: BetterSqlite3.Database, person: Person): string[] {
  const salt = db.prepare('SELECT salt FROM team_state WHERE id = 1').pluck().get() as string | undefined
  return salt === undefined ? [] : teamSubjects(salt, person)
}

const OUTBOX_ABOUT = `SELECT id, change_id, kind, desk_time FROM team_outbox
  WHERE EXISTS (SELECT 1 FROM json_each(team_outbox.subjects) s WHERE s.value IN (SELECT value FROM json_each(?)))`
const LISTED_ABOUT =
  'SELECT kind, lower(hex(hash)) AS hash FROM team_do_not_contact WHERE hash IN (SELECT unhex(value) FROM json_each(?))'

/**
 * The team's tables (store/migrations/27-team.ts). Nothing in them names a person in clear: the
 * outbox holds changes not yet sent (their subjects and payloads are the team's salted hashes),
 * the team's do-not-contact entries and tombstones hashes only. Forgetting a person drops the
 * changes about them still waiting and the team's entries naming them (their tombstone, which
 * the forget shares, keeps them suppressed); the team's tombstones stay, or a colleague's
 * re-import would bring them back.
 */
export const personalDataOwner: PersonalDataOwnerFactory = (store: () => Store) => ({
  owner: 'team',
  tables: [
    {
      table: 'team_state',
      personal: false,
      why: 'the team this desk is in: the server’s address, the team, this desk and its user’s own names'
    },
    { table: 'team_outbox', personal: true },
    { table: 'team_do_not_contact', personal: true },
    {
      table: 'team_do_not_contact_changes',
      personal: false,
      why: 'who of the team shared do-not-contact entries, when and the note they gave: colleagues’ names, never whom the entries name'
    },
    {
      table: 'team_tombstones',
      personal: false,
      why: 'team-salted hashes of people a colleague forgot, with a reason code: recognise them, never say who they were'
    }
  ],
  describe(person) {
    const db = store().database.db
    const subjects = JSON.stringify(subjectsOf(db, person))
    const outbox = (db.prepare(OUTBOX_ABOUT).all(subjects) as unknown[]).length
    const listed = (db.prepare(LISTED_ABOUT).all(subjects) as unknown[]).length
    return [
      ...(outbox === 0
        ? []
        : [{ table: 'team_outbox', label: 'changes about them waiting to reach the team', rows: outbox }]),
      ...(listed === 0
        ? []
        : [{ table: 'team_do_not_contact', label: 'the team’s do-not-contact entries naming them', rows: listed }])
    ]
  },
  export(person) {
    const db = store().database.db
    const subjects = JSON.stringify(subjectsOf(db, person))
    const outbox = db.prepare(OUTBOX_ABOUT).all(subjects) as Record<string, unknown>[]
    const listed = db.prepare(LISTED_ABOUT).all(subjects) as Record<string, unknown>[]
    return [
      ...(outbox.length === 0
        ? []
        : [{ table: 'team_outbox', label: 'changes about them waiting to reach the team', rows: outbox }]),
      ...(listed.length === 0
        ? []
        : [{ table: 'team_do_not_contact', label: 'the team’s do-not-contact entries naming them', rows: listed }])
    ]
  },
  erase(person) {
    const db = store().database.db
    const subjects = JSON.stringify(subjectsOf(db, person))
    const outbox = db
      .prepare(
        `DELETE FROM team_outbox WHERE EXISTS (SELECT 1 FROM json_each(team_outbox.subjects) s
           WHERE s.value IN (SELECT value FROM json_each(?)))`
      )
      .run(subjects).changes
    const listed = db
      .prepare('DELETE FROM team_do_not_contact WHERE hash IN (SELECT unhex(value) FROM json_each(?))')
      .run(subjects).changes
    return [
      ...(outbox === 0 ? [] : [{ table: 'team_outbox', deleted: outbox, blanked: 0 }]),
      ...(listed === 0 ? [] : [{ table: 'team_do_not_contact', deleted: listed, blanked: 0 }])
    ]
  }
})
