import type { ToolAllowances } from '../../../../shared/ipc/channels/tools'
import type { IpcResult } from '../../../../shared/ipc/errors'
import { loaded, type Load } from '../../lib/load'

/** Where the allowances are read and revoked (the connections' state, over main's channels). */
export interface ToolAllowancesSource {
  toolAllowances(connectionId: string): Promise<IpcResult<ToolAllowances>>
  revokeToolAllowance(connectionId: string, tool: string): Promise<IpcResult<ToolAllowances>>
}

/**
 * Settings → a connection → Tools allowed without asking: the tools the recruiter confirmed with
 * "Always allow this tool on this connection" (Tools), each with Revoke. Read for the connection
 * shown; an answer for a connection no longer shown is dropped.
 */
export class ToolAllowancesState {
  readonly #source: ToolAllowancesSource
  #list = $state.raw<Load<ToolAllowances>>({ state: 'idle' })
  /** Why the last Revoke did not go through (null: it did, or none yet). */
  #problem = $state<string | null>(null)
  #connectionId: string | null = null

  constructor(source: ToolAllowancesSource) {
    this.#source = source
  }

  get list() {
    return this.#list
  }
  get problem() {
    return this.#problem
  }

  async load(connectionId: string): Promise<void> {
    this.#connectionId = connectionId
    this.#problem = null
    if (this.#list.state !== 'ready' || this.#list.value.connectionId !== connectionId) {
      this.#list = { state: 'loading' }
    }
    const reply = await this.#source.toolAllowances(connectionId)
    if (this.#connectionId === connectionId) this.#list = loaded(reply)
  }

  async revoke(connectionId: string, tool: string): Promise<void> {
    const reply = await this.#source.revokeToolAllowance(connectionId, tool)
    if (this.#connectionId !== connectionId) return
    if (reply.ok) {
      this.#list = loaded(reply)
      this.#problem = null
    } else {
      this.#problem = reply.error.message
    }
  }
}
