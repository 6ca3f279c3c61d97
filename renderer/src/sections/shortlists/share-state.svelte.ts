import type { Shortlist } from '../../../../shared/ipc/channels/shortlists'
import type { TeamStatus } from '../../../../shared/ipc/channels/team'
import type { IpcError } from '../../../../shared/ipc/errors'
import type { Client } from '../../lib/client'
import { loaded, type Load } from '../../lib/load'

/** A colleague's desk the Share dialog offers (the team overview's, without this desk or revoked ones). */
export interface Colleague {
  deskId: string
  personName: string
  deskName: string
}

/**
 * Share… on a shortlist (issue #38): with the whole team or named colleagues. The team and its
 * desks are read when the dialog opens (Settings → Team's overview); the answer is the list with
 * its sharing, and the list of shortlists is read again.
 */
export class ShareState {
  readonly #client: Client
  readonly #shared: () => Promise<void>
  #team = $state.raw<Load<TeamStatus>>({ state: 'idle' })
  #busy = $state(false)
  #error = $state.raw<IpcError | null>(null)

  constructor(client: Client, shared: () => Promise<void>) {
    this.#client = client
    this.#shared = shared
  }

  get team() {
    return this.#team
  }
  get busy() {
    return this.#busy
  }
  get error() {
    return this.#error
  }

  /** The colleagues one can name: every desk of the team but this one, not revoked. */
  colleagues(status: TeamStatus): Colleague[] {
    if (status.state !== 'joined') return []
    return (status.desks ?? [])
      .filter((desk) => desk.id !== status.me.deskId && desk.revokedAt === null)
      .map((desk) => ({ deskId: desk.id, personName: desk.personName, deskName: desk.deskName }))
  }

  async open(): Promise<void> {
    this.#error = null
    this.#team = { state: 'loading' }
    this.#team = loaded(await this.#client.getTeam({}))
  }

  /** Shares `list` with everyone (null) or the colleagues named; true when it went through. */
  async share(list: Shortlist, colleagues: readonly Colleague[] | null): Promise<boolean> {
    if (this.#busy) return false
    this.#busy = true
    this.#error = null
    const reply = await this.#client.shareShortlist({
      id: list.id,
      with: colleagues === null ? null : colleagues.map(({ deskId, personName }) => ({ deskId, personName }))
    })
    this.#busy = false
    if (!reply.ok) {
      this.#error = reply.error
      return false
    }
    await this.#shared()
    return true
  }
}

/** "the whole team", or the colleagues' names ("Ben and Chloe"), for the shared mark. */
export function audienceWords(shared: NonNullable<Shortlist['shared']>, me: string | null = null): string {
  if (shared.audience === null) return 'the whole team'
  const names = shared.audience.map((desk) => desk.personName).filter((name) => name !== me)
  if (names.length === 0) return 'no one else'
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`
}
