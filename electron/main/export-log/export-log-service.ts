import fs from 'node:fs'
import path from 'node:path'
import type { ChannelOutput, HandlerInput } from '../../../shared/ipc/contract'
import {
  exportLogKindLabels,
  type ExportLogEntry,
  type ExportLogExportResult,
  type ExportLogFile,
  type ExportLogPage
} from '../../../shared/ipc/channels/export-log'
import type { EventHub } from '../ipc/event-hub'
import type { ExportTrace, FileTarget, SaveFilesPort, TeamPort } from '../platform/ports'
import { isoNow, type Clock } from '../store/clock'
import { StoreError } from '../store/store-error'
import type { StoreAccess } from '../store/store-access'
import { ExportLogRepo } from './export-log-repo'
import { exportLogCsv } from './log-csv'
import { addToRegister, readRegister, registerCsv, type RegisterFilter } from './register'

export interface ExportLogServiceDeps {
  stores: StoreAccess
  clock: Clock
  events: Pick<EventHub, 'emit'>
  /** Where the log's own export goes (the export feature's save targets), read when used. */
  saveFiles: () => SaveFilesPort
  /** A connection's name now (null when it is gone), kept in the line as it was then. */
  connectionName: (id: string) => string | null
  /** The team (issue #38): each line of the register is shared with it. */
  team: () => TeamPort
}

/** A finished file as the log names it: the name, and the folder of a desktop save. */
function fileOf(target: FileTarget): ExportLogFile {
  return target.kind === 'file'
    ? { name: path.basename(target.path), folder: path.dirname(target.path) }
    : { name: target.fileName, folder: null }
}

/**
 * The export log: every file that took people's data out of the app, recorded by whoever wrote
 * it (the exportLog port), told to the page as it is written, listed newest first, exported as CSV.
 */
export class ExportLogService {
  readonly #deps: ExportLogServiceDeps

  constructor(deps: ExportLogServiceDeps) {
    this.#deps = deps
  }

  #repo(): ExportLogRepo {
    return new ExportLogRepo(this.#deps.stores.get().database.db)
  }

  record(trace: ExportTrace): ExportLogEntry {
    const connectionId = trace.connectionId ?? null
    const entry = this.#repo().add({
      exportedAt: isoNow(this.#deps.clock),
      kind: trace.kind,
      format: trace.format,
      source: trace.source,
      people: trace.people,
      files: trace.files.map(fileOf),
      delivery: trace.delivery ?? (trace.files.some((file) => file.kind === 'file') ? 'file' : 'download'),
      connection:
        connectionId === null
          ? null
          : {
              id: connectionId,
              name: trace.connectionName ?? this.#deps.connectionName(connectionId) ?? connectionId
            },
      personKey: trace.personKey ?? null
    })
    this.#deps.events.emit('exportLogged', entry)
    // the register: what left, how many people; an access copy's file names are the person's, left out
    if (trace.kind !== 'export-log') {
      const copy = trace.kind === 'person-copy'
      addToRegister(this.#deps.stores.get().database.db, this.#deps.team(), {
        at: entry.exportedAt,
        what: copy ? 'access-copy' : 'export',
        detail: `${exportLogKindLabels[trace.kind]}, ${trace.format}`,
        people: trace.people,
        files: copy ? [] : entry.files.map((file) => file.name)
      })
    }
    return entry
  }

  /** People forgotten here (a forget, or retention's purge): a line of the register, the count only. */
  forgotten(people: number, reason: string): void {
    if (people === 0) return
    addToRegister(this.#deps.stores.get().database.db, this.#deps.team(), {
      at: isoNow(this.#deps.clock),
      what: reason === 'retention-period' ? 'retention-purge' : 'forget',
      detail: reason,
      people,
      files: []
    })
  }

  register({ what, month, limit }: HandlerInput<'listRegister'>): ChannelOutput<'listRegister'> {
    return readRegister(this.#deps.stores.get().database.db, { what, month }, limit)
  }

  /** The register (as filtered) as CSV where the recruiter chooses; the file is in the export log. */
  async exportRegister(filter: RegisterFilter): Promise<ExportLogExportResult> {
    const { entries } = readRegister(this.#deps.stores.get().database.db, filter, Number.MAX_SAFE_INTEGER)
    return this.#saveCsv('Export the register', 'talent-desk-register', 'register', entries.length, () =>
      registerCsv(entries)
    )
  }

  list({ before, limit }: HandlerInput<'listExportLog'>): ExportLogPage {
    const { entries, total, more } = this.#repo().page(before, limit)
    return { entries, total, nextBefore: more ? (entries.at(-1)?.id ?? null) : null }
  }

  /** The whole log as CSV where the recruiter chooses; the export is itself logged. */
  async exportLog(): Promise<ExportLogExportResult> {
    const entries = this.#repo().all()
    return this.#saveCsv('Export the export log', 'talent-desk-export-log', '', entries.length, () =>
      exportLogCsv(entries)
    )
  }

  /**
   * Writes a CSV of the log or the register where the recruiter chooses, and logs that export
   * (it names files and counts, not people: its own line counts no one).
   */
  async #saveCsv(
    title: string,
    namePrefix: string,
    source: string,
    rows: number,
    csv: () => string
  ): Promise<ExportLogExportResult> {
    const saveFiles = this.#deps.saveFiles()
    const day = isoNow(this.#deps.clock).slice(0, 10)
    const target = await saveFiles.choose({
      title,
      defaultName: `${namePrefix}-${day}.csv`,
      filters: [{ name: 'CSV', extensions: ['csv'] }]
    })
    if (target === null) return { cancelled: true }
    try {
      const text = csv()
      writeFile(target, text)
      this.record({ kind: 'export-log', format: 'csv', source, people: 0, files: [target] })
      return { cancelled: false, target: saveFiles.describe(target), rows, bytes: Buffer.byteLength(text) }
    } catch (error) {
      saveFiles.abandon(target)
      throw error
    }
  }
}

function writeFile(target: FileTarget, text: string): void {
  try {
    fs.writeFileSync(target.path, text, { mode: 0o600 })
  } catch (error) {
    throw new StoreError(
      'export_failed',
      'The export log could not be written there. Choose another folder and try again.',
      {
        path: target.path,
        cause: error
      }
    )
  }
}
