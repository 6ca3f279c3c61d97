import type { ChannelOutput, HandlerInput } from '../../../shared/ipc/contract'
import {
  PULLED_LIST_SOURCE,
  type KnownList,
  type KnownMatch,
  type KnownPersonToCheck
} from '../../../shared/ipc/channels/known-people'
import { AppError } from '../../../shared/ipc/errors'
import { withoutBidiControls } from '../../../shared/bidi'
import type { EventHub } from '../ipc/event-hub'
import type { ConnectionsPort, TeamPort } from '../platform/ports'
import { isoNow, type Clock } from '../store/clock'
import type { StoreAccess } from '../store/store-access'
import type { ChunkedUploads } from '../transfers/chunked-uploads'
import type { AtsPagesTarget, AtsPagesWriter, AtsPersonRecord } from '../platform/ports'
import { readyAtsList, upsertAtsPeople } from './ats-lists'
import { knownAmong } from './known-people-check'
import { KnownPeopleRepo, type KnownListRow } from './known-people-repo'
import type { ListJobs } from './list-jobs'
import { hideList, sweepSlice } from './list-writer'
import { shareList, shareRemoval } from './team-share'

export interface KnownPeopleServiceDeps {
  stores: StoreAccess
  clock: Clock
  connections: () => Pick<ConnectionsPort, 'active' | 'nameOf'>
  events: Pick<EventHub, 'emit'>
  uploads: ChunkedUploads
  jobs: ListJobs
  /** The team (issue #38): a list imported or removed here is shared with it. */
  team: () => TeamPort
}

/** The known-people lists: imported from a file, listed, removed, and people checked against them. */
export class KnownPeopleService {
  readonly #deps: KnownPeopleServiceDeps
  /** One import at a time: its hidden list must not be swept by another. */
  #importing = false
  /** ATS lists being written by a full pull (hidden until done: the sweep must leave them). */
  #writingAts = 0
  #sweeping: Promise<void> | null = null

  constructor(deps: KnownPeopleServiceDeps) {
    this.#deps = deps
  }

  #db() {
    return this.#deps.stores.get().database.db
  }

  #listOf(row: KnownListRow): KnownList {
    return {
      id: row.id,
      name: row.name,
      scope: row.connection_id === null ? { kind: 'shared' } : { kind: 'connection', connectionId: row.connection_id },
      connectionName: row.connection_id === null ? null : this.#deps.connections().nameOf(row.connection_id),
      source: row.source,
      fileName: row.file_name,
      people: row.people,
      importedAt: row.imported_at
    }
  }

  lists(): ChannelOutput<'listKnownPeopleLists'> {
    return { lists: new KnownPeopleRepo(this.#db()).lists().map((row) => this.#listOf(row)) }
  }

  /** The people known among these, for a connection (the active one when not named). */
  check(people: readonly KnownPersonToCheck[], connectionId?: string): KnownMatch[] {
    const connection = connectionId ?? this.#deps.connections().active().id
    return knownAmong(this.#db(), people, connection)
  }

  checkInput({ people, connectionId }: HandlerInput<'checkKnownPeople'>): ChannelOutput<'checkKnownPeople'> {
    return { known: this.check(people, connectionId) }
  }

  startUpload({ bytes }: HandlerInput<'startKnownPeopleUpload'>): ChannelOutput<'startKnownPeopleUpload'> {
    return { uploadId: this.#deps.uploads.start(bytes) }
  }

  append({ uploadId, chunk, last }: HandlerInput<'appendKnownPeopleUpload'>) {
    return this.#deps.uploads.append(uploadId, chunk, last)
  }

  discard({ uploadId }: HandlerInput<'discardKnownPeopleUpload'>): ChannelOutput<'discardKnownPeopleUpload'> {
    return { discarded: this.#deps.uploads.discard(uploadId) }
  }

  preview({ uploadId, fileName }: HandlerInput<'previewKnownPeople'>): Promise<ChannelOutput<'previewKnownPeople'>> {
    return this.#deps.uploads.use(uploadId, (file) => this.#deps.jobs.preview(file, fileName))
  }

  async import(input: HandlerInput<'importKnownPeople'>): Promise<ChannelOutput<'importKnownPeople'>> {
    const connectionId = input.scope.kind === 'shared' ? null : input.scope.connectionId
    if (connectionId !== null && this.#deps.connections().nameOf(connectionId) === null) {
      throw new AppError('invalid_input', 'That connection no longer exists. Choose another, or share the list.', [
        { path: 'scope', message: 'no such connection' }
      ])
    }
    if (this.#importing) {
      throw new AppError('conflict', 'Another list is being imported. Wait for it to finish, then try again.')
    }
    this.#importing = true
    try {
      await this.#sweeping
      const read = await this.#deps.uploads.use(input.uploadId, (file) =>
        this.#deps.jobs.read({
          file,
          fileName: input.fileName,
          // the name is often the file's (a draft is named after it): kept without bidi controls (shared/bidi.ts)
          name: withoutBidiControls(input.name).trim() || 'List',
          connectionId,
          mapping: input.mapping,
          importedAt: isoNow(this.#deps.clock)
        })
      )
      this.#deps.uploads.discard(input.uploadId)
      const row = new KnownPeopleRepo(this.#db()).list(read.listId)
      if (row === null) throw new AppError('internal', 'The list was imported but could not be read back.')
      shareList(this.#db(), this.#deps.team(), {
        id: row.id,
        name: row.name,
        source: row.source,
        fileName: row.file_name,
        people: row.people,
        importedAt: row.imported_at,
        columns: input.mapping,
        replaces: read.replaced
      })
      this.#deps.events.emit('knownPeopleChanged', {})
      return { list: this.#listOf(row), replaced: read.replaced !== null, skipped: read.skipped, notes: read.notes }
    } finally {
      this.#importing = false
    }
  }

  /**
   * An ATS pull's pages (issue #39), each read and written by the list jobs (the worker in the
   * app). A full pull writes a hidden list, swapped for the list of the same name in one short
   * transaction at `finish` (the sweep leaves it alone until then); `abandon` drops it and leaves
   * the old list as it was. An incremental pull's pages change the ready list as they come.
   */
  writeAtsPages(target: AtsPagesTarget): AtsPagesWriter {
    const pages = this.#deps.jobs.atsPages(target)
    if (target.mode === 'full') this.#writingAts += 1
    let open = true
    const close = () => {
      if (open && target.mode === 'full') this.#writingAts -= 1
      open = false
    }
    return {
      ready: () => pages.ready(),
      page: async (page) => {
        if (!open) throw new Error('the ATS list is finished')
        const written = await pages.page(page)
        if (target.mode === 'incremental' && written.people > 0) this.#deps.events.emit('knownPeopleChanged', {})
        return written
      },
      finish: async () => {
        try {
          await pages.finish()
        } finally {
          close()
        }
        if (target.mode === 'full') this.#deps.events.emit('knownPeopleChanged', {})
      },
      abandon: async () => {
        if (!open) return
        try {
          await pages.abandon()
        } finally {
          close()
        }
        // deleted by the job already; one that stopped before is swept as a removed list is
        void this.sweep()
      }
    }
  }

  atsList(name: string, connectionId: string) {
    return readyAtsList(this.#db(), name, connectionId)
  }

  upsertAtsPeople(list: { name: string; connectionId: string }, people: readonly AtsPersonRecord[], pulledAt: string) {
    const done = upsertAtsPeople(this.#db(), list, people, pulledAt)
    if (done !== null && people.length > 0) this.#deps.events.emit('knownPeopleChanged', {})
    return done
  }

  /** An ATS connection was removed: the lists pulled from it go as a removed list does. */
  removeAtsLists(connectionId: string): number {
    const ids = this.#db()
      .prepare('SELECT id FROM known_people_lists WHERE ready = 1 AND connection_id = ? AND source LIKE ?')
      .all(connectionId, `${PULLED_LIST_SOURCE}%`) as Array<{ id: number }>
    return ids.filter(({ id }) => this.remove({ id }).removed).length
  }

  /** Hides the list at once (checks no longer see it); its rows are deleted in slices after. */
  remove({ id }: HandlerInput<'removeKnownPeopleList'>): ChannelOutput<'removeKnownPeopleList'> {
    const db = this.#db()
    const removed = db
      .transaction(() => {
        const hidden = hideList(db, id)
        if (hidden) shareRemoval(this.#deps.team(), id)
        return hidden
      })
      .immediate()
    if (removed) {
      this.#deps.events.emit('knownPeopleChanged', {})
      this.sweep()
    }
    return { removed }
  }

  /**
   * Deletes hidden lists' rows (removed or replaced lists, an import a close cut short) a slice per
   * turn of the event loop, so main never holds the file for long. Not while an import runs: its
   * own list is hidden until it is done (the import sweeps after its swap).
   */
  sweep(): Promise<void> {
    if (this.#importing || this.#writingAts > 0) return Promise.resolve()
    this.#sweeping ??= new Promise<void>((resolve) => {
      const step = () => {
        let more = false
        try {
          more = !this.#importing && this.#writingAts === 0 && sweepSlice(this.#db())
        } catch {
          more = false
        }
        if (more) setImmediate(step)
        else {
          this.#sweeping = null
          resolve()
        }
      }
      setImmediate(step)
    })
    return this.#sweeping
  }
}
