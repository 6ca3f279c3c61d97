import type BetterSqlite3 from 'better-sqlite3'
import { normalisedValue } from '../../../shared/ipc/channels/do-not-contact'
import { withoutBidiControls } from '../../../shared/bidi'
import { saltOf } from '../personal-data/tombstones'
import type { AtsPersonRecord } from '../platform/ports'
import type { KnownRow } from './known-rows'
import { ListWriter } from './list-writer'
import { normalisedEmployer, normalisedName, traitHashes } from './person-keys'

/*
 * A connection's ATS list (issue #39 item 3): people an ATS pull read, kept as any list's people
 * are (salted hashes of emails and handles, name and employer normalised, the ATS's id and stage
 * to show back), so the ONE check (known-people-check.ts) answers for them as for a file's.
 */

const shownText = (text: string | null): string | null =>
  text === null ? null : withoutBidiControls(text).trim().slice(0, 200) || null

/** The person as a list's row: only values that recognise someone are kept. */
export function knownRowOfAts(person: AtsPersonRecord): KnownRow {
  return {
    key: undefined,
    emails: person.emails.filter((email) => normalisedValue('email', email) !== null),
    handles: person.links.filter((link) => normalisedValue('handle', link) !== null),
    name: normalisedName(person.name),
    employer: normalisedEmployer(person.company ?? ''),
    atsId: shownText(person.atsId),
    stage: shownText(person.stage)
  }
}

/** A full pull's list, written through the same ListWriter a file's import uses. */
export function atsListWriter(
  db: BetterSqlite3.Database,
  list: { name: string; connectionId: string; source: string; pulledAt: string }
): ListWriter {
  return new ListWriter(db, {
    name: list.name,
    connectionId: list.connectionId,
    source: list.source,
    fileName: '',
    importedAt: list.pulledAt
  })
}

export function readyAtsList(
  db: BetterSqlite3.Database,
  name: string,
  connectionId: string
): { listId: number; people: number; pulledAt: string } | null {
  const row = db
    .prepare(
      'SELECT id, people, imported_at FROM known_people_lists WHERE ready = 1 AND name = ? AND connection_id = ?'
    )
    .get(name, connectionId) as { id: number; people: number; imported_at: string } | undefined
  return row === undefined ? null : { listId: row.id, people: row.people, pulledAt: row.imported_at }
}

/**
 * An incremental pull's changes, in one transaction: each person replaces the list's people of the
 * same ATS id (their hashes too), and the list's pull time moves on. People deleted or merged in
 * the ATS are not seen by an incremental pull: they go at the next full pull, which replaces the
 * list whole. (The list's team fingerprints are not updated here either: the next full pull does.)
 */
export function upsertAtsPeople(
  db: BetterSqlite3.Database,
  list: { name: string; connectionId: string },
  people: readonly AtsPersonRecord[],
  pulledAt: string
): { added: number; updated: number } | null {
  return db
    .transaction(() => {
      const held = readyAtsList(db, list.name, list.connectionId)
      if (held === null) return null
      const salt = saltOf(db)
      const dropHashes = db.prepare('DELETE FROM known_people_hashes WHERE person_id = ?')
      const dropPerson = db.prepare('DELETE FROM known_people WHERE id = ?')
      const addPerson = db.prepare(
        'INSERT INTO known_people (list_id, ats_id, stage, name, employer) VALUES (?, ?, ?, ?, ?)'
      )
      const addHash = db.prepare('INSERT INTO known_people_hashes (list_id, person_id, kind, hash) VALUES (?, ?, ?, ?)')
      const rows = people.map(knownRowOfAts)
      const byId = heldByAtsId(db, held.listId, rows)
      let added = 0
      let updated = 0
      for (const row of rows) {
        const ids = row.atsId === null ? [] : (byId.get(row.atsId) ?? [])
        for (const id of ids) {
          dropHashes.run(id)
          dropPerson.run(id)
        }
        if (ids.length > 0) updated += 1
        else added += 1
        const { lastInsertRowid } = addPerson.run(held.listId, row.atsId, row.stage, row.name, row.employer)
        for (const [hash, kind] of traitHashes(salt, row)) addHash.run(held.listId, lastInsertRowid, kind, hash)
        // the same id twice in one answer: the second replaces the first
        if (row.atsId !== null) byId.set(row.atsId, [Number(lastInsertRowid)])
      }
      db.prepare('UPDATE known_people_lists SET people = people + ?, imported_at = ? WHERE id = ?').run(
        added,
        pulledAt,
        held.listId
      )
      return { added, updated }
    })
    .immediate()
}

/**
 * The list's people with these ATS ids, found in one pass over the list's rows (its index; the
 * table has none on ats_id, and one query per person would pass over the list once each).
 */
function heldByAtsId(db: BetterSqlite3.Database, listId: number, rows: readonly KnownRow[]): Map<string, number[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.atsId === null ? [] : [row.atsId])))]
  const found = new Map<string, number[]>()
  for (let at = 0; at < ids.length; at += 500) {
    const part = ids.slice(at, at + 500)
    const hits = db
      .prepare(
        `SELECT id, ats_id FROM known_people WHERE list_id = ? AND ats_id IN (${part.map(() => '?').join(', ')})`
      )
      .all(listId, ...part) as Array<{ id: number; ats_id: string }>
    for (const hit of hits) found.set(hit.ats_id, [...(found.get(hit.ats_id) ?? []), hit.id])
  }
  return found
}
