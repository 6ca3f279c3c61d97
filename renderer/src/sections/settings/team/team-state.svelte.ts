import type { ChannelInput } from '../../../../../shared/ipc/contract'
import type { TeamStatus } from '../../../../../shared/ipc/channels/team'
import type { Invite } from '../../../../../shared/team/protocol'
import type { Client } from '../../../lib/client'
import type { Load } from '../../../lib/load'
import { RepliesAndEvents } from '../../../lib/replies-and-events'
import type { PanelMessage } from '../personal-data/panel-message'

/**
 * Settings → Team: the team this desk is in (or the forms to create or join one), who is in, how
 * the sync stands, and the admin's invite and revoke. Kept current by main's teamChanged events
 * (a sync, going offline, a colleague joining), never by reloading; `now` ticks once a second
 * while the page is shown, so "synced 2 s ago" moves on.
 */
export class TeamPageState {
  readonly #client: Client
  #status = $state.raw<Load<TeamStatus>>({ state: 'idle' })
  #busy = $state<string | null>(null)
  #message = $state.raw<PanelMessage | null>(null)
  /** The last invite code made: shown once, until the recruiter closes it or makes another. */
  #invite = $state.raw<Invite | null>(null)
  #now = $state(Date.now())
  #listening = false
  /**
   * teamChanged events: a status a read or an action answered, taken before one of them, may arrive
   * after it (the browser host's answers and events travel apart) and is then not shown.
   */
  readonly #told = new RepliesAndEvents<'team'>()

  constructor(client: Client) {
    this.#client = client
  }

  get status() {
    return this.#status
  }
  /** Which action is running ('join', 'create', 'invite', 'revoke', 'leave', 'sync'), or null. */
  get busy() {
    return this.#busy
  }
  get message() {
    return this.#message
  }
  get invite() {
    return this.#invite
  }
  get now() {
    return this.#now
  }

  /** Reads the state and, once, listens to main's events. */
  async load(): Promise<void> {
    if (!this.#listening) {
      this.#listening = true
      this.#client.on('teamChanged', (status) => {
        this.#told.told('team')
        this.#status = { state: 'ready', value: status }
      })
    }
    if (this.#status.state !== 'ready') this.#status = { state: 'loading' }
    const asked = this.#told.asked()
    const reply = await this.#client.getTeam({})
    if (!this.#told.newest('team', asked)) return
    this.#status = reply.ok ? { state: 'ready', value: reply.data } : { state: 'error', error: reply.error }
  }

  /** Moves "ago" on: the page calls it every second while it is shown. */
  tick(): void {
    this.#now = Date.now()
  }

  create(input: ChannelInput<'createTeam'>): Promise<boolean> {
    return this.#act('create', () => this.#client.createTeam(input), 'You created the team. Invite your colleagues.')
  }

  join(input: ChannelInput<'joinTeam'>): Promise<boolean> {
    return this.#act('join', () => this.#client.joinTeam(input), 'You joined the team.')
  }

  async makeInvite(role: 'admin' | 'recruiter'): Promise<void> {
    if (this.#busy !== null) return
    this.#busy = 'invite'
    this.#invite = null
    try {
      const reply = await this.#client.inviteToTeam({ role })
      if (reply.ok) {
        this.#invite = reply.data
        this.#message = null
      } else this.#message = { tone: 'error', text: reply.error.message, error: reply.error }
    } finally {
      this.#busy = null
    }
  }

  closeInvite(): void {
    this.#invite = null
  }

  revokeDesk(deskId: string, label: string): Promise<boolean> {
    return this.#act('revoke', () => this.#client.revokeTeamDesk({ deskId }), `${label} can no longer reach the team.`)
  }

  revokePerson(personName: string): Promise<boolean> {
    return this.#act(
      'revoke',
      () => this.#client.revokeTeamPerson({ personName }),
      `Every desk of ${personName} can no longer reach the team.`
    )
  }

  leave(): Promise<boolean> {
    return this.#act('leave', () => this.#client.leaveTeam({}), 'This desk left the team. Its own data stays here.')
  }

  sync(): Promise<boolean> {
    return this.#act('sync', () => this.#client.syncTeam({}), null)
  }

  async #act(name: string, call: () => ReturnType<Client['getTeam']>, done: string | null): Promise<boolean> {
    if (this.#busy !== null) return false
    this.#busy = name
    try {
      const asked = this.#told.asked()
      const reply = await call()
      if (reply.ok) {
        if (this.#told.newest('team', asked)) this.#status = { state: 'ready', value: reply.data }
        this.#message = done === null ? null : { tone: 'ok', text: done }
        if (name === 'leave') this.#invite = null
        return true
      }
      this.#message = { tone: 'error', text: reply.error.message, error: reply.error }
      return false
    } finally {
      this.#busy = null
    }
  }
}
