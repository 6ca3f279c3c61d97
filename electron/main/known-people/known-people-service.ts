import type { ChannelOutput, HandlerInput } from '../../../shared/ipc/contract'
import type { KnownList, KnownMatch, KnownPersonToCheck } from '../../../shared/ipc/channels/known-people'
import type { EventHub } from '../ipc/event-hub'
import type { ConnectionsPort } from '../platform/ports'
import type { StoreAccess } from '../store/store-access'
import { knownAmong } from './known-people-check'
import { KnownPeopleRepo, type KnownListRow } from './known-people-repo'

export interface KnownPeopleServiceDeps {
  stores: StoreAccess
  connections: () => Pick<ConnectionsPort, 'active' | 'nameOf'>
  events: Pick<EventHub, 'emit'>
}

/** The known-people lists: listed, removed, and people checked against them. */
export class KnownPeopleService {
  readonly #deps: KnownPeopleServiceDeps

  constructor(deps: KnownPeopleServiceDeps) {
    this.#deps = deps
  }

  #repo(): KnownPeopleRepo {
    return new KnownPeopleRepo(this.#deps.stores.get().database.db)
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
    return {
      lists: this.#repo()
        .lists()
        .map((row) => this.#listOf(row))
    }
  }

  /** The people known among these, for a connection (the active one when not named). */
  check(people: readonly KnownPersonToCheck[], connectionId?: string): KnownMatch[] {
    const connection = connectionId ?? this.#deps.connections().active().id
    return knownAmong(this.#deps.stores.get().database.db, people, connection)
  }

  checkInput({ people, connectionId }: HandlerInput<'checkKnownPeople'>): ChannelOutput<'checkKnownPeople'> {
    return { known: this.check(people, connectionId) }
  }

  /** Tells the page the lists changed. */
  changed(): void {
    this.#deps.events.emit('knownPeopleChanged', {})
  }
}
