import type { HandlerInput } from '../../../shared/ipc/contract'
import type {
  AddMembersResult,
  MemberDetail,
  MemberSummary,
  RecentlyDeleted,
  SearchHit,
  Shortlist,
  Stage
} from '../../../shared/ipc/channels/shortlists'
import { DEFAULT_PURGE_AFTER_DAYS, type Clock, type Store } from '../store'
import { shortlistsStore, type ShortlistsStore } from './shortlists-store'
import type { ProfileInput } from '../store/profile-fields'
import { profileSummary } from './profile-summary'
import type { StoreAccess } from '../store/store-access'
import { mapStoreErrors, type StoreMessages } from '../store/store-error'
import type { PeopleHeld } from '../platform/event-bus'
import type { BoughtContactsPort } from '../platform/ports'
import { SharedLists } from './shared-lists'

/** The keys of members just added (as the store read them: key, or li_id). */
function keysOf(store: ShortlistsStore, memberIds: readonly number[]): string[] {
  if (memberIds.length === 0) return []
  return (
    store.database.db
      .prepare('SELECT profile_key AS key FROM members WHERE id IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(memberIds)) as Array<{ key: string }>
  ).map((row) => row.key)
}

const memberGone = 'That person is no longer in this shortlist — reload the list.'

/**
 * Shortlists, members and stages for the bridge: each channel calls one repository method and
 * maps the store's failures to bridge errors worded for the recruiter.
 */
const damagedProfileMessage =
  'The saved profile of this person cannot be read: that part of the data file is damaged. Name, notes, tags, stage and rating are intact. Restore a backup, or add the person again from Search, to see the whole profile.'

export class ShortlistsService {
  readonly #stores: StoreAccess
  readonly #clock: Clock
  readonly #held: (held: PeopleHeld) => void
  /** Told once per getMember: the recruiter looked at this person (retention's activity). */
  readonly #opened: (key: string) => void
  readonly #activeConnection: () => string | null
  /** The contacts bought for a person (the contacts feature's boughtContacts port). */
  readonly #contacts: () => BoughtContactsPort
  /** Shared shortlists: this desk's changes of a shared list go to the team's outbox in their own transaction. */
  readonly #shared: SharedLists

  /**
   * `held` tells where people saved came from (the bus's peopleHeld); `activeConnection` is the
   * connection a search or chat the page found them with ran on.
   */
  constructor(
    stores: StoreAccess,
    /** The store's clock (when a person was removed). */
    clock: Clock,
    contacts: () => BoughtContactsPort,
    held: (held: PeopleHeld) => void = () => undefined,
    activeConnection: () => string | null = () => null,
    opened: (key: string) => void = () => undefined,
    shared: SharedLists = new SharedLists(() => null, clock)
  ) {
    this.#shared = shared
    this.#opened = opened
    this.#stores = stores
    this.#clock = clock
    this.#contacts = contacts
    this.#held = held
    this.#activeConnection = activeConnection
  }

  listShortlists(): Shortlist[] {
    return this.#run((store) => {
      const shared = this.#shared.infos(store.database.db)
      return store.shortlists.list().map((list) => ({ ...list, shared: shared.get(list.id) ?? null }))
    })
  }

  shareShortlist({ id, with: audience }: HandlerInput<'shareShortlist'>): Shortlist {
    return this.#run((store) => {
      const shared = this.#shared.share(store, id, audience)
      return { ...store.shortlists.get(id), shared }
    }, this.#shortlistMessages(id))
  }

  addMemberNote({ memberId, text }: HandlerInput<'addMemberNote'>): MemberDetail {
    return this.#run(
      (store) =>
        store.transaction(() => {
          this.#shared.addNote(store, memberId, text)
          return this.#detail(store, memberId)
        }),
      { not_found: memberGone }
    )
  }

  createShortlist({ name }: HandlerInput<'createShortlist'>): Shortlist {
    return this.#run((store) => store.shortlists.create(name))
  }

  renameShortlist({ id, name }: HandlerInput<'renameShortlist'>): Shortlist {
    return this.#run(
      (store) =>
        store.transaction(() => {
          const renamed = store.shortlists.rename(id, name)
          this.#shared.renamed(store, id, renamed.name)
          return { ...renamed, shared: this.#shared.info(store.database.db, id) }
        }),
      this.#shortlistMessages(id)
    )
  }

  deleteShortlist({ id }: HandlerInput<'deleteShortlist'>): Shortlist {
    return this.#run((store) => store.shortlists.delete(id), this.#shortlistMessages(id))
  }

  undoDeleteShortlist({ id }: HandlerInput<'undoDeleteShortlist'>): Shortlist {
    return this.#run((store) => store.shortlists.undoDelete(id), {
      not_found: 'That shortlist cannot be brought back: it is not deleted, or it was removed for good.'
    })
  }

  listMembers({ shortlistId, stage, after, limit }: HandlerInput<'listMembers'>): MemberSummary[] {
    return this.#run((store) => store.members.list(shortlistId, { stage, after, limit }), {
      ...this.#shortlistMessages(shortlistId),
      invalid_input: `There is no stage named “${stage ?? ''}”.`
    })
  }

  getMember({ memberId }: HandlerInput<'getMember'>): MemberDetail {
    const detail = this.#run((store) => this.#detail(store, memberId), { not_found: memberGone })
    this.#opened(detail.profileKey)
    return detail
  }

  addMembers({ shortlistId, profiles, origin }: HandlerInput<'addMembers'>): AddMembersResult {
    const { result, keys } = this.#run((store) => {
      const added = store.transaction(() => {
        const result = store.members.addMany(
          shortlistId,
          profiles.map((profile) => ({ profile: profile as ProfileInput }))
        )
        this.#shared.membersAdded(store, shortlistId, result.added)
        return result
      })
      return { result: added, keys: keysOf(store, added.added) }
    }, this.#shortlistMessages(shortlistId))
    const kind = origin?.kind ?? 'manual'
    this.#held({
      kind,
      what: 'person',
      detail: origin?.detail ?? '',
      // a profile typed in by hand came from no service
      connectionId: kind === 'manual' ? null : this.#activeConnection(),
      shortlistId,
      people: keys.map((key) => ({ key }))
    })
    return result
  }

  updateMember({ memberId, patch }: HandlerInput<'updateMember'>): MemberDetail {
    return this.#run(
      (store) =>
        store.transaction(() => {
          store.members.update(memberId, patch)
          this.#shared.memberUpdated(store, memberId, patch)
          return this.#detail(store, memberId)
        }),
      {
        not_found: memberGone,
        ...(patch.stage === undefined ? {} : { invalid_input: `There is no stage named “${patch.stage}”.` })
      }
    )
  }

  removeMember({ memberId }: HandlerInput<'removeMember'>): { memberId: number } {
    return this.#run(
      (store) =>
        store.transaction(() => {
          store.removedMembers.remove(memberId)
          this.#shared.memberMoved(store, memberId, false)
          return { memberId }
        }),
      { not_found: memberGone }
    )
  }

  restoreMember({ memberId }: HandlerInput<'restoreMember'>): MemberSummary {
    return this.#run(
      (store) => {
        const {
          profileJson: _j,
          profileIssues: _i,
          profileDamaged: _d,
          profile: _p,
          ...member
        } = store.transaction(() => {
          const restored = store.removedMembers.restore(memberId)
          this.#shared.memberMoved(store, memberId, true)
          return restored
        })
        return member
      },
      { not_found: 'That person is no longer in Recently deleted.' }
    )
  }

  listRecentlyDeleted(): RecentlyDeleted {
    return this.#run((store) => {
      const purgeAt = (at: string) => new Date(Date.parse(at) + DEFAULT_PURGE_AFTER_DAYS * 86_400_000).toISOString()
      return {
        shortlists: store.shortlists.listDeleted().map((list) => ({ ...list, purgeAt: purgeAt(list.deletedAt ?? '') })),
        members: store.removedMembers
          .listRemoved()
          .map((member) => ({ ...member, purgeAt: purgeAt(member.removedAt) })),
        days: DEFAULT_PURGE_AFTER_DAYS
      }
    })
  }

  purgeMember({ memberId }: HandlerInput<'purgeMember'>): { memberId: number } {
    return this.#run(
      (store) => {
        store.removedMembers.purge(memberId)
        return { memberId }
      },
      { not_found: 'That person is no longer in Recently deleted.' }
    )
  }

  purgeShortlist({ id }: HandlerInput<'purgeShortlist'>): { id: string } {
    return this.#run(
      (store) => {
        store.shortlists.purge(id)
        return { id }
      },
      { not_found: 'That shortlist is no longer in Recently deleted.' }
    )
  }

  emptyRecentlyDeleted(): { shortlists: number; members: number } {
    return this.#run((store) =>
      store.transaction(() => {
        const removed = store.removedMembers.emptyRemoved()
        const inDeletedLists = store.shortlists.listDeleted().reduce((sum, list) => sum + list.memberCount, 0)
        return { members: removed + inDeletedLists, shortlists: store.shortlists.emptyDeleted() }
      })
    )
  }

  listStages(): Stage[] {
    return this.#run((store) => store.stages.list())
  }

  addStage({ name }: HandlerInput<'addStage'>): Stage {
    return this.#run((store) => store.stages.add(name))
  }

  renameStage({ id, name }: HandlerInput<'renameStage'>): Stage {
    return this.#run((store) => store.stages.rename(id, name), { not_found: 'That stage no longer exists.' })
  }

  reorderStages({ ids }: HandlerInput<'reorderStages'>): Stage[] {
    return this.#run((store) => store.stages.reorder(ids), {
      invalid_input: 'The new order must list every stage exactly once. Reload the stages and try again.'
    })
  }

  removeStage({ id, reassignTo }: HandlerInput<'removeStage'>): Stage[] {
    return this.#run(
      (store) => {
        store.stages.remove(id, reassignTo === undefined ? {} : { reassignTo })
        return store.stages.list()
      },
      {
        not_found: 'That stage no longer exists.',
        stage_in_use: 'People are in this stage. Choose a stage to move them to, then remove it.'
      }
    )
  }

  searchSaved({ query, shortlistId, limit }: HandlerInput<'searchSaved'>): SearchHit[] {
    return this.#run((store) =>
      store.memberSearch.search(query, {
        ...(shortlistId === undefined ? {} : { shortlistId }),
        ...(limit === undefined ? {} : { limit })
      })
    )
  }

  #detail(store: ShortlistsStore, memberId: number): MemberDetail {
    // The JSON text stays in main; the page gets the parsed profile and where it does not match.
    const { profileJson: _json, profileIssues, profileDamaged, profile, ...member } = store.members.get(memberId)
    const snapshots = store.snapshots
      .snapshots(memberId)
      .map(({ capturedAt, source, current }) => ({ capturedAt, source, current }))
    // A damaged profile still opens: the member's own columns were stored apart from it.
    const readable = profileDamaged
      ? { full_name: member.name, cur_title: member.title, cur_company: member.company }
      : profile
    const problems = profileDamaged ? [damagedProfileMessage] : []
    const contacts = this.#contacts().newestFor(member.profileKey)
    const db = store.database.db
    const teamNotes = this.#shared.notes(db, memberId)
    const fieldAuthors = this.#shared.fieldAuthors(db, member.shortlistId, memberId)
    return {
      ...member,
      profile,
      summary: profileSummary(readable),
      snapshots,
      problems,
      profileIssues,
      contacts,
      teamNotes,
      fieldAuthors
    }
  }

  /** A missing shortlist is worded by whether Undo can still bring it back. */
  #shortlistMessages(id: string): StoreMessages {
    return {
      not_found: () =>
        this.#stores
          .get()
          .shortlists.listDeleted()
          .some((shortlist) => shortlist.id === id)
          ? 'That shortlist was deleted — press Undo to bring it back.'
          : 'That shortlist no longer exists. Reload the list of shortlists.'
    }
  }

  /** People in Recently deleted for `days`: gone for good (StoreAccess.addPurge). */
  purgeRemoved(store: Store, days: number): void {
    shortlistsStore(store, this.#clock).removedMembers.purgeRemoved(days)
  }

  #run<T>(fn: (store: ShortlistsStore) => T, messages: StoreMessages = {}): T {
    const store = shortlistsStore(this.#stores.get(), this.#clock)
    return mapStoreErrors(() => fn(store), messages)
  }
}
