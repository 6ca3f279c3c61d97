import type { Store } from '../store'
import { foldSearchText } from '../store/search-text'
import { mergeTraits, parseOrUndefined, traitsOf } from '../personal-data/person-match'
import type { Person, PersonalDataOwner, PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'

/** The full-text index of saved people and the tables FTS5 keeps it in (all hold their words). */
const SEARCH_INDEX = [
  'members_fts',
  'members_fts_config',
  'members_fts_data',
  'members_fts_docsize',
  'members_fts_idx'
] as const

const SNAPSHOTS_OF = `SELECT s.* FROM member_snapshots s JOIN members m ON m.id = s.member_id WHERE m.profile_key = ?`
const NOTES_OF = `SELECT n.* FROM shared_notes n JOIN members m ON m.id = n.member_id WHERE m.profile_key = ?`

/**
 * Saved people: each shortlist member (the profile as saved, notes, tags, stage, rating, what a
 * refresh changed; Recently deleted ones too), their earlier snapshots, and the search index's
 * words for them. Erasing deletes the members (snapshots go with them) and merges the index into
 * new blocks, so no block keeps their words (not even of a member of theirs deleted before).
 */
export const personalDataOwner: PersonalDataOwnerFactory = (store: () => Store): PersonalDataOwner => {
  const db = () => store().database.db
  const count = (sql: string, key: string) => (db().prepare(sql).get(key) as { n: number }).n
  /** Whether a block of the index holds one of their names' words, as the index folds them. */
  const indexHolds = (person: Person) => {
    const words = new Set(
      person.names.flatMap((name) => foldSearchText(name).split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length >= 3)
    )
    const holds = db().prepare('SELECT 1 FROM members_fts_data WHERE instr(block, ?) > 0 LIMIT 1').pluck()
    return [...words].some((word) => holds.get(Buffer.from(word, 'utf8')) !== undefined)
  }
  return {
    owner: 'shortlists',
    tables: [
      { table: 'stages', personal: false, why: 'the pipeline’s stage names, the recruiter’s own' },
      { table: 'shortlists', personal: false, why: 'list names and dates; the people on them are in members' },
      { table: 'members', personal: true },
      { table: 'member_snapshots', personal: true },
      { table: 'shared_notes', personal: true },
      {
        table: 'shared_shortlists',
        personal: false,
        why: 'which shortlists are shared with the team, with which colleagues and by whom; the people are in members'
      },
      {
        table: 'shared_field_clocks',
        personal: false,
        why: 'which field of a shared list or member a colleague set last, and when: member ids, no values'
      },
      ...SEARCH_INDEX.map((table) => ({ table, personal: true as const }))
    ],

    identify(personKey) {
      const members = db()
        .prepare('SELECT name, profile_json FROM members WHERE profile_key = ?')
        .all(personKey) as Array<{ name: string; profile_json: string }>
      const snapshots = db().prepare(SNAPSHOTS_OF).all(personKey) as Array<{ profile_json: string }>
      return mergeTraits(
        ...members.map((row) => {
          const traits = traitsOf(parseOrUndefined(row.profile_json))
          return { ...traits, names: [...traits.names, row.name] }
        }),
        ...snapshots.map((row) => traitsOf(parseOrUndefined(row.profile_json)))
      )
    },

    describe(person: Person) {
      const members = count('SELECT count(*) AS n FROM members WHERE profile_key = ?', person.key)
      return [
        { table: 'members', label: 'saved in shortlists (with notes, tags, stage and rating)', rows: members },
        {
          table: 'member_snapshots',
          label: 'earlier versions of the saved profile',
          rows: count(`SELECT count(*) AS n FROM (${SNAPSHOTS_OF})`, person.key)
        },
        { table: 'members_fts', label: 'words in the saved-people search', rows: members },
        {
          table: 'shared_notes',
          label: 'notes on them in shared shortlists',
          rows: count(`SELECT count(*) AS n FROM (${NOTES_OF})`, person.key)
        }
      ]
    },

    export(person: Person) {
      return [
        {
          table: 'members',
          label: 'saved in shortlists',
          rows: db()
            .prepare(
              `SELECT m.*, s.name AS shortlist_name, st.name AS stage FROM members m
                 JOIN shortlists s ON s.id = m.shortlist_id JOIN stages st ON st.id = m.stage_id
                WHERE m.profile_key = ? ORDER BY m.id`
            )
            .all(person.key) as Record<string, unknown>[]
        },
        {
          table: 'member_snapshots',
          label: 'earlier versions of the saved profile',
          rows: db().prepare(`${SNAPSHOTS_OF} ORDER BY s.id`).all(person.key) as Record<string, unknown>[]
        },
        {
          table: 'shared_notes',
          label: 'notes on them in shared shortlists',
          rows: db().prepare(`${NOTES_OF} ORDER BY n.id`).all(person.key) as Record<string, unknown>[]
        }
      ]
    },

    erase(person: Person) {
      const snapshots = count(`SELECT count(*) AS n FROM (${SNAPSHOTS_OF})`, person.key)
      const notes = count(`SELECT count(*) AS n FROM (${NOTES_OF})`, person.key)
      // snapshots go by ON DELETE CASCADE, the index entries by the members_fts_delete trigger
      const members = db().prepare('DELETE FROM members WHERE profile_key = ?').run(person.key).changes
      // contentless_delete only marks entries deleted; 'optimize' merges the index into new blocks
      // without them. A member deleted before (Recently deleted emptied, a purge) left its words in
      // the old blocks too, so it runs as well when a block still holds a word of their names.
      // (Writing the index anew, delete-all and every member indexed again, blocked main 2.0–3.2 s
      // at 20,000 saved people in the erasure bench, against 0.1–0.2 s for the whole forget.)
      if (members > 0 || indexHolds(person))
        db().prepare("INSERT INTO members_fts (members_fts) VALUES ('optimize')").run()
      return [
        { table: 'members', deleted: members, blanked: 0 },
        { table: 'member_snapshots', deleted: snapshots, blanked: 0 },
        { table: 'members_fts', deleted: members, blanked: 0 },
        // by ON DELETE CASCADE with their members
        { table: 'shared_notes', deleted: notes, blanked: 0 }
      ]
    }
  }
}
