import fs from 'node:fs'
import type { HandlerInput } from '../../../shared/ipc/contract'
import type {
  DataController,
  ForgetResult,
  PersonDescription,
  PersonExportResult
} from '../../../shared/ipc/channels/personal-data'
import { AppError } from '../../../shared/ipc/errors'
import { isoNow, type Clock } from '../store/clock'
import { StoreError } from '../store/store-error'
import { StoreRecovery } from '../store/recovery'
import type { StoreAccess } from '../store/store-access'
import { extraConnectionTarget } from '../store/extra-connection-target'
import type { DownloadRegistry } from '../transfers/downloads'
import type { EventHub } from '../ipc/event-hub'
import type { Logger } from '../logging/logger'
import type { ExportLogPort, FileTarget, SaveFilesPort } from '../platform/ports'
import { PersonalData } from '../personal-data/every-owner'
import { fileMentions } from '../personal-data/file-mentions'
import type { Person, PersonalDataOwner } from '../personal-data/personal-data-owner'
import { addTombstone, tombstoneOfKey } from '../personal-data/tombstones'
import { personCopyJson } from './person-report'
import { personCopyPage } from './copy-page'
import { readDataController, writeDataController } from './data-controller'
import type { CopyLanguage } from '../../../shared/copy-languages'
import { Compaction, type SpawnCompactWorker } from './compaction'
import type { TeamPort } from '../platform/ports'
import { shareForget } from './team-share'

export interface PrivacyServiceDeps {
  /** Every feature's owner, read when asked (the list is complete once every feature is made). */
  owners: () => readonly PersonalDataOwner[]
  stores: StoreAccess
  clock: Clock
  saveFiles: SaveFilesPort
  /** Where the access copy is recorded once written (the export-log feature). */
  exportLog: () => ExportLogPort
  /** Exports waiting to be fetched by the page: one that names a forgotten person is withdrawn. */
  downloads: DownloadRegistry
  /** Masks every stored secret's value in what is written to a file. */
  mask: (text: string) => string
  events: Pick<EventHub, 'emit'>
  logger: Logger
  /** The worker thread that rebuilds the file after an erase; without it, on the calling thread. */
  compactWorker?: SpawnCompactWorker | undefined
  /** The team: a forget here is shared as a tombstone, in the erase's transaction. */
  team: () => TeamPort
}

/** What the recruiter is told after forgetting: the copies the app does not control. */
export const FORGET_NOTICE =
  'Backups and exports saved before now still hold them: delete the copies you keep. Restoring one of those backups skips them.'

/** The answer to an access request for a key the app holds nothing about (it names no one). */
export const NOTHING_HELD =
  'Talent Desk holds nothing about this person, so there is no copy to make: you can tell them that no data about them is held.'

/**
 * One person as a whole, over every feature's personal-data owner: what is held, a copy for an
 * access request, and forgetting them (each person in one transaction with their tombstone).
 */
export class PrivacyService {
  readonly #deps: PrivacyServiceDeps
  readonly #compaction: Compaction

  constructor(deps: PrivacyServiceDeps) {
    this.#deps = deps
    this.#compaction = new Compaction({
      here: () => this.#data().compact(),
      ...(deps.compactWorker === undefined ? {} : { spawn: deps.compactWorker }),
      file: () => extraConnectionTarget(deps.stores.get().database),
      logger: deps.logger
    })
  }

  #data(): PersonalData {
    return new PersonalData(this.#deps.owners(), () => this.#deps.stores.get())
  }

  describe(key: string): PersonDescription {
    const { person, holdings, problems } = this.#data().describe(key)
    return {
      person,
      holdings: holdings.map(({ owner, table, label, rows }) => ({ owner, table, label, rows })),
      rows: holdings.reduce((sum, holding) => sum + holding.rows, 0),
      forgotten: tombstoneOfKey(this.#deps.stores.get().database.db, key),
      problems
    }
  }

  /** Forgets people here; `byTeam` when a colleague's forget reached this desk (their register line says it, not this desk's). */
  forget({ keys, reason }: HandlerInput<'forgetPeople'>, byTeam = false): ForgetResult {
    const { stores, clock } = this.#deps
    const data = this.#data()
    const result: ForgetResult = { forgotten: [], failed: [], compacted: false, notice: FORGET_NOTICE }
    for (const key of new Set(keys)) {
      const db = stores.get().database.db
      const erasure = data.erase(key, {
        within: (person) => {
          addTombstone(db, person, reason, isoNow(clock))
          shareForget(this.#deps.team(), person, reason)
        }
      })
      if (!erasure.ok) {
        result.failed.push({ key, code: 'store_error', ...erasure.problem })
        continue
      }
      this.#withdrawDownloads(erasure.person)
      result.forgotten.push({
        key,
        tables: erasure.erased.map(({ owner, table, deleted, blanked }) => ({ owner, table, deleted, blanked })),
        nothingHeld: erasure.erased.length === 0
      })
    }
    if (result.forgotten.length === 0) return result
    if (!byTeam) this.#deps.exportLog().forgotten(result.forgotten.length, reason)
    result.notice = forgetNotice(new StoreRecovery(stores.get().database.path).listCopies().length)
    // once for the batch: a rebuild of the whole file per person would take as many times as long
    result.compacted = this.#compaction.request()
    this.#deps.events.emit('peopleForgotten', { keys: result.forgotten.map((person) => person.key) })
    return result
  }

  /** Settles once the data file's rebuild after the last forget has finished. */
  compacted(): Promise<void> {
    return this.#compaction.idle()
  }

  /**
   * Waits for a running rebuild; one that could not run (a statement was still reading) runs now,
   * so the older copies of a forgotten person do not outlive the session.
   */
  close(): Promise<void> {
    return this.#compaction.close()
  }

  /** The controller access copies and the candidate notice name (Settings → Personal data), or null. */
  controller(): DataController | null {
    return readDataController(this.#deps.stores.get())
  }

  setController(controller: DataController): DataController {
    return writeDataController(this.#deps.stores.get(), controller)
  }

  /** The page the person reads (in their language) where the recruiter chooses, the JSON copy beside it. */
  async exportPerson(key: string, language: CopyLanguage = 'en'): Promise<PersonExportResult> {
    const { saveFiles, clock, mask } = this.#deps
    const description = this.describe(key)
    // a key nobody holds: no copy, no file named after it, no export-log line keeping it
    if (description.rows === 0) throw new AppError('not_found', NOTHING_HELD)
    const copy = this.#data().export(key)
    const exportedAt = isoNow(clock)
    const name = fileNamePart(description.person.names[0] ?? key)
    const base = `personal data ${name} ${exportedAt.slice(0, 10)}`
    const html = await saveFiles.choose({
      title: 'Save what Talent Desk holds about this person',
      defaultName: `${base}.html`,
      filters: [{ name: 'Web page', extensions: ['html'] }]
    })
    if (html === null) return { cancelled: true }
    const written: FileTarget[] = [html]
    try {
      const parts = { description, copy, exportedAt, language, controller: this.controller() }
      const htmlBytes = writeFile(html, mask(personCopyPage(parts)))
      const json = saveFiles.beside(html, `${base}.json`)
      written.push(json)
      const jsonBytes = writeFile(json, mask(personCopyJson(parts)))
      // its line keeps the key: the file names are theirs, and forgetting them blanks those names
      this.#deps.exportLog().record({
        kind: 'person-copy',
        format: 'html+json',
        source: '',
        people: 1,
        files: written,
        personKey: key
      })
      return {
        cancelled: false,
        files: [
          { format: 'html', target: saveFiles.describe(html), bytes: htmlBytes },
          { format: 'json', target: saveFiles.describe(json), bytes: jsonBytes }
        ],
        tables: copy.tables.length,
        rows: copy.tables.reduce((sum, table) => sum + table.rows.length, 0),
        problems: [...description.problems, ...copy.problems]
      }
    } catch (error) {
      for (const target of written) saveFiles.abandon(target)
      throw error
    }
  }

  #withdrawDownloads(person: Person): void {
    const words = [person.key, ...person.names, ...person.emails, ...person.phones, ...person.handles]
    this.#deps.downloads.releaseWhere((download) => fileMentions(download.path, words))
  }
}

/**
 * The notice, and the copies of the data file the store made before upgrading its format (kept
 * for recovery beside it, never cleaned): forgetting does not reach them, so the recruiter is told.
 */
function forgetNotice(upgradeCopies: number): string {
  if (upgradeCopies === 0) return FORGET_NOTICE
  const copies =
    upgradeCopies === 1
      ? 'The copy of the data file made before an upgrade (talent-desk.sqlite.pre-v….bak in the data folder) still holds them too: delete it'
      : `The ${upgradeCopies} copies of the data file made before upgrades (talent-desk.sqlite.pre-v….bak in the data folder) still hold them too: delete them`
  return `${FORGET_NOTICE} ${copies} once you no longer need to go back to an older version.`
}

function writeFile(target: FileTarget, text: string): number {
  try {
    fs.writeFileSync(target.path, text, { mode: 0o600 })
  } catch (error) {
    throw new StoreError('export_failed', 'The copy could not be written there. Choose another folder and try again.', {
      path: target.path,
      cause: error
    })
  }
  return Buffer.byteLength(text)
}

/** A person's name as part of a file name: letters, digits, spaces and dashes. */
function fileNamePart(name: string): string {
  return (
    name
      .replace(/[^\p{L}\p{N} -]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80) || 'person'
  )
}
