import { randomUUID } from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'
import type { MemberPatch, SharedInfo, TeamNote } from '../../../shared/ipc/channels/shortlists'
import { AppError } from '../../../shared/ipc/errors'
import { mergeTraits, parseOrUndefined, traitsOf } from '../personal-data/person-match'
import type { TeamPayload, TeamPort } from '../platform/ports'
import type { Store } from '../store'
import { isoNow, type Clock } from '../store/clock'
import { audienceSchema, FIELD_KIND, LIST_KIND, MEMBER_KIND, NOTE_KIND, setClock, type FieldValue } from './team-share'

type Audience = SharedInfo['audience']

interface SharedRow {
  shortlist_id: string
  team_list_id: string
  audience: string | null
  shared_by: string
  shared_at: string
}

const infoOf = (row: SharedRow): SharedInfo => ({
  teamListId: row.team_list_id,
  audience: row.audience === null ? null : audienceSchema.parse(JSON.parse(row.audience)),
  sharedBy: row.shared_by,
  sharedAt: row.shared_at
})

/**
 * This desk's side of shared shortlists (team-share.ts has the colleagues' side): sharing a list,
 * and each local change of a shared list appended to the team's outbox in the change's own
 * transaction (the caller's), with its field clock held for this desk until the server numbers it.
 */
export class SharedLists {
  readonly #team: () => TeamPort | null
  readonly #clock: Clock

  constructor(team: () => TeamPort | null, clock: Clock) {
    this.#team = team
    this.#clock = clock
  }

  /** Each shared list's sharing, by local shortlist id. */
  infos(db: BetterSqlite3.Database): Map<string, SharedInfo> {
    const rows = db.prepare('SELECT * FROM shared_shortlists').all() as SharedRow[]
    return new Map(rows.map((row) => [row.shortlist_id, infoOf(row)]))
  }

  info(db: BetterSqlite3.Database, shortlistId: string): SharedInfo | null {
    const row = db.prepare('SELECT * FROM shared_shortlists WHERE shortlist_id = ?').get(shortlistId) as
      SharedRow | undefined
    return row === undefined ? null : infoOf(row)
  }

  /** A member's notes written as entries, oldest first, each with its author and time. */
  notes(db: BetterSqlite3.Database, memberId: number): TeamNote[] {
    return db
      .prepare(
        'SELECT note_id AS id, text, author, at, seq IS NULL AS waiting FROM shared_notes WHERE member_id = ? ORDER BY id'
      )
      .all(memberId)
      .map((row) => {
        const note = row as { id: string; text: string; author: string; at: string; waiting: number }
        return { ...note, waiting: note.waiting === 1 }
      })
  }

  /** Who last set each field of a member (or of the list itself: member 0), and when. */
  fieldAuthors(db: BetterSqlite3.Database, shortlistId: string, memberId: number) {
    return db
      .prepare(
        'SELECT field, author, at FROM shared_field_clocks WHERE shortlist_id = ? AND member_id = ? ORDER BY field'
      )
      .all(shortlistId, memberId) as Array<{ field: string; author: string; at: string }>
  }

  /**
   * Shares a list with the whole team (audience null) or the named desks: its team id (kept when
   * shared before), then every member with its profile, stage, tags, rating and notes.
   */
  share(store: Store, shortlistId: string, audience: Audience): SharedInfo {
    const { team, me } = this.#joined()
    const db = store.database.db
    return store.transaction(() => {
      const list = store.shortlists.get(shortlistId)
      const before = this.info(db, shortlistId)
      const teamListId = before?.teamListId ?? randomUUID()
      const to = audience === null ? null : withMe(audience, me)
      db.prepare(
        'INSERT OR REPLACE INTO shared_shortlists (shortlist_id, team_list_id, audience, shared_by, shared_at) VALUES (?, ?, ?, ?, ?)'
      ).run(
        shortlistId,
        teamListId,
        to === null ? null : JSON.stringify(to),
        before?.sharedBy ?? me.personName,
        before?.sharedAt ?? isoNow(this.#clock)
      )
      team.share(LIST_KIND, { list: teamListId, name: list.name, to })
      this.#field(store, shortlistId, null, { field: 'name', value: list.name })
      const members = db
        .prepare(
          'SELECT id, profile_key AS key, profile_json AS json, notes FROM members WHERE shortlist_id = ? AND removed_at IS NULL ORDER BY id'
        )
        .all(shortlistId) as Array<{ id: number; key: string; json: string; notes: string }>
      for (const member of members) {
        this.#member(store, shortlistId, member.id, true)
        const summary = store.members.get(member.id)
        this.#field(store, shortlistId, member.id, { field: 'stage', value: summary.stage })
        if (summary.tags.length > 0) this.#field(store, shortlistId, member.id, { field: 'tags', value: summary.tags })
        if (summary.rating !== null)
          this.#field(store, shortlistId, member.id, { field: 'rating', value: summary.rating })
        // the notes written here before the list was shared: one entry by whoever shares it
        if (member.notes.trim() !== '' && this.notes(db, member.id).length === 0)
          this.#insertNote(store, member.id, member.notes)
        for (const note of this.notes(db, member.id)) {
          if (note.author === me.personName) this.#shareNote(store, shortlistId, member.id, note.id, note.text)
        }
      }
      const info = this.info(db, shortlistId)
      if (info === null) throw new Error('shared list not kept')
      return info
    })
  }

  renamed(store: Store, shortlistId: string, name: string): void {
    if (this.#shared(store, shortlistId)) this.#field(store, shortlistId, null, { field: 'name', value: name })
  }

  membersAdded(store: Store, shortlistId: string, memberIds: readonly number[]): void {
    if (!this.#shared(store, shortlistId)) return
    for (const memberId of memberIds) this.#member(store, shortlistId, memberId, true)
  }

  /** Removed (to Recently deleted) or back from it. */
  memberMoved(store: Store, memberId: number, added: boolean): void {
    const { shortlistId } = store.members.get(memberId)
    if (this.#shared(store, shortlistId)) this.#member(store, shortlistId, memberId, added)
  }

  memberUpdated(store: Store, memberId: number, patch: MemberPatch): void {
    const member = store.members.get(memberId)
    if (!this.#shared(store, member.shortlistId)) return
    if (patch.stage !== undefined)
      this.#field(store, member.shortlistId, memberId, { field: 'stage', value: member.stage })
    if (patch.tags !== undefined)
      this.#field(store, member.shortlistId, memberId, { field: 'tags', value: member.tags })
    if (patch.rating !== undefined)
      this.#field(store, member.shortlistId, memberId, { field: 'rating', value: member.rating })
  }

  /** A note as an entry with its author and time; shared when its list is. */
  addNote(store: Store, memberId: number, text: string): void {
    const member = store.members.get(memberId)
    const noteId = this.#insertNote(store, memberId, text)
    if (this.#shared(store, member.shortlistId)) this.#shareNote(store, member.shortlistId, memberId, noteId, text)
  }

  #insertNote(store: Store, memberId: number, text: string): string {
    const noteId = randomUUID()
    const author = this.#team()?.me()?.personName ?? ''
    store.database.db
      .prepare('INSERT INTO shared_notes (member_id, note_id, text, author, at, seq) VALUES (?, ?, ?, ?, ?, NULL)')
      .run(memberId, noteId, text, author, isoNow(this.#clock))
    return noteId
  }

  #joined(): { team: TeamPort; me: { deskId: string; personName: string } } {
    const team = this.#team()
    const me = team?.me() ?? null
    if (team === null || me === null)
      throw new AppError('not_found', 'This desk is not in a team. Join one in Settings → Team first.')
    return { team, me }
  }

  #shared(store: Store, shortlistId: string): boolean {
    return this.#team()?.joined() === true && this.info(store.database.db, shortlistId) !== null
  }

  #base(store: Store, shortlistId: string) {
    const info = this.info(store.database.db, shortlistId)
    if (info === null) throw new Error('not shared')
    return { list: info.teamListId, to: info.audience }
  }

  /** The member's salted key (how desks name them) and the person's salted hashes (the change's subjects). */
  #person(store: Store, memberId: number): { ref: string; subjects: string[]; profile: unknown } {
    const { team } = this.#joined()
    const row = store.database.db
      .prepare('SELECT profile_key AS key, profile_json AS json FROM members WHERE id = ?')
      .get(memberId) as { key: string; json: string }
    const profile = parseOrUndefined(row.json)
    const traits = mergeTraits(traitsOf(profile))
    const ref = team.salted(row.key.trim()) ?? ''
    // normalised as personal-data/team-hash.ts's teamSubjects (the forget's tombstone): the key as given, the rest lower-cased
    const values = [...traits.emails, ...traits.handles].map((value) => value.trim().toLowerCase())
    const subjects = [ref, ...values.filter((value) => value !== '').map((value) => team.salted(value) ?? '')]
    return { ref, subjects: [...new Set(subjects.filter((hash) => hash !== ''))].slice(0, 50), profile }
  }

  #member(store: Store, shortlistId: string, memberId: number, added: boolean): void {
    const { team } = this.#joined()
    const { ref, subjects, profile } = this.#person(store, memberId)
    const payload = { ...this.#base(store, shortlistId), member: ref, added }
    const withProfile =
      added && profile !== null && typeof profile === 'object'
        ? { ...payload, profile: profile as TeamPayload }
        : payload
    team.share(MEMBER_KIND, withProfile, subjects)
  }

  #field(store: Store, shortlistId: string, memberId: number | null, value: FieldValue): void {
    const { team, me } = this.#joined()
    const person = memberId === null ? null : this.#person(store, memberId)
    const edit = randomUUID()
    setClock(store.database.db, {
      shortlistId,
      memberId: memberId ?? 0,
      field: value.field,
      seq: null,
      edit,
      author: me.personName,
      at: isoNow(this.#clock)
    })
    const payload = { ...this.#base(store, shortlistId), member: person?.ref ?? null, edit, ...value }
    team.share(FIELD_KIND, payload, person?.subjects ?? [])
  }

  #shareNote(store: Store, shortlistId: string, memberId: number, noteId: string, text: string): void {
    const { team } = this.#joined()
    const person = this.#person(store, memberId)
    team.share(
      NOTE_KIND,
      { ...this.#base(store, shortlistId), member: person.ref, note: noteId, text },
      person.subjects
    )
  }
}

function withMe(audience: NonNullable<Audience>, me: { deskId: string; personName: string }): NonNullable<Audience> {
  return audience.some((desk) => desk.deskId === me.deskId) ? [...audience] : [...audience, me]
}
