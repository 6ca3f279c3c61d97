import type { HandlerInput } from '../../../shared/ipc/contract'
import { AppError } from '../../../shared/ipc/errors'
import type { LawfulBasis, PersonProvenance } from '../../../shared/ipc/channels/provenance'
import type { PeopleHeld } from '../platform/event-bus'
import { isoNow, type Clock } from '../store/clock'
import type { StoreAccess } from '../store/store-access'
import { ProvenanceRepo, type NewProvenanceLine } from './provenance-repo'

export interface ProvenanceServiceDeps {
  stores: StoreAccess
  clock: Clock
  /** A connection's name now (null when it is gone), kept in the line as it was then. */
  connectionName: (id: string) => string | null
}

/**
 * Where every person and contact held came from, recorded as the features that write them tell
 * it (the bus's peopleHeld), and the lawful basis each person is held on.
 */
export class ProvenanceService {
  readonly #deps: ProvenanceServiceDeps

  constructor(deps: ProvenanceServiceDeps) {
    this.#deps = deps
  }

  #repo(): ProvenanceRepo {
    return new ProvenanceRepo(this.#deps.stores.get().database.db)
  }

  record(held: PeopleHeld): void {
    if (held.people.length === 0) return
    const store = this.#deps.stores.get()
    const at = isoNow(this.#deps.clock)
    const connectionId = held.connectionId
    const connection =
      connectionId === null ? null : { id: connectionId, name: this.#deps.connectionName(connectionId) ?? connectionId }
    const shortlistId = held.shortlistId ?? null
    let shortlist: string | null = null
    if (shortlistId !== null) {
      try {
        shortlist = store.shortlists.nameOf(shortlistId, { includeDeleted: true })
      } catch {
        shortlist = null
      }
    }
    const lines: NewProvenanceLine[] = held.people
      .filter((person) => person.key.length > 0)
      .map((person) => ({
        key: person.key,
        at,
        kind: held.kind,
        what: held.what,
        detail: held.detail,
        shortlistId,
        shortlist,
        importBatchId: held.importBatchId ?? null,
        importRow: person.importRow ?? null,
        purchaseId: held.purchaseId ?? null,
        connection
      }))
    new ProvenanceRepo(store.database.db).add(lines)
  }

  provenanceOf({ key }: HandlerInput<'personProvenance'>): PersonProvenance {
    const repo = this.#repo()
    return { key, lines: repo.linesOf(key), basis: repo.basisOf(key) }
  }

  setBasis(input: HandlerInput<'setLawfulBasis'>): LawfulBasis {
    const consentedOn = input.consentedOn ?? null
    const other = input.other?.trim() ?? ''
    if (input.basis === 'consent' && consentedOn === null)
      throw new AppError('invalid_input', 'Consent needs the day it was given.')
    if (input.basis === 'other' && other === '') throw new AppError('invalid_input', 'Name the basis they are held on.')
    return this.#repo().setBasis(
      input.key,
      {
        basis: input.basis,
        consentedOn: input.basis === 'consent' ? consentedOn : null,
        other: input.basis === 'other' ? other : null,
        noticeSentOn: input.noticeSentOn ?? null
      },
      isoNow(this.#deps.clock)
    )
  }
}
