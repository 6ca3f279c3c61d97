import { AppError } from '../../../../shared/ipc/errors'
import type { Logger } from '../../logging/logger'
import type { AtsKeys } from '../ats-keys'
import type { AtsConnectionsRepo } from './ats-connections-repo'

/** What an edit may change; what is absent is kept. */
export interface AtsConnectionChanges {
  name?: string
  apiKey?: string
  actingUser?: string
}

/** A connection as it was before an edit; `key` only when the edit replaced it (its old secret, or null: none was kept). */
interface AtsEdit {
  name: string
  actingUser: string
  key: { secret: string | null } | null
}

/**
 * Edits of saved connections and their undo: a new name, a new key (the keychain's entry for the
 * connection's address), a new acting user. What the last edit of each connection changed is
 * held in this session only, its old key too, so Undo puts everything back.
 */
export class AtsConnectionEdits {
  readonly #edits = new Map<string, AtsEdit>()

  constructor(
    private readonly deps: {
      repo: () => AtsConnectionsRepo
      keys: AtsKeys
      logger: Logger
      /** The connection changed: its next call opens it anew with what was saved. */
      reopen: (id: string) => void
    }
  ) {}

  async edit(id: string, changes: AtsConnectionChanges): Promise<void> {
    const row = this.deps.repo().get(id)
    if (row === null) throw new AppError('not_found', 'That ATS connection no longer exists.')
    const actingUser = changes.actingUser ?? row.actingUser
    if (row.kind === 'greenhouse' && !/^[0-9]{1,19}$/.test(actingUser))
      throw new AppError('invalid_input', 'Enter the Greenhouse user’s numeric id.')
    if (changes.apiKey !== undefined && row.sandbox)
      throw new AppError(
        'invalid_input',
        'A connection to the Sandbox’s fake uses the Sandbox’s key: there is none to replace.'
      )
    const before: AtsEdit = { name: row.name, actingUser: row.actingUser, key: null }
    if (changes.apiKey !== undefined) {
      before.key = { secret: await this.deps.keys.read(id, row.baseUrl) }
      await this.deps.keys.set(id, row.baseUrl, changes.apiKey)
    }
    this.deps.repo().update(id, { name: changes.name ?? row.name, actingUser })
    this.#edits.set(id, before)
    this.deps.reopen(id)
    this.deps.logger.info('ats.connection_edited', {
      id,
      renamed: changes.name !== undefined,
      key: changes.apiKey !== undefined,
      actingUser: changes.actingUser !== undefined
    })
  }

  /** Puts back what the connection's last edit changed, its old key too (none kept: none again). */
  async undo(id: string): Promise<void> {
    const before = this.#edits.get(id)
    const row = this.deps.repo().get(id)
    if (before === undefined || row === null)
      throw new AppError('not_found', 'That edit can no longer be undone: edit the connection again.')
    if (before.key !== null) {
      if (before.key.secret === null) await this.deps.keys.clear(id)
      else await this.deps.keys.set(id, row.baseUrl, before.key.secret)
    }
    this.deps.repo().update(id, { name: before.name, actingUser: before.actingUser })
    this.#edits.delete(id)
    this.deps.reopen(id)
    this.deps.logger.info('ats.connection_edit_undone', { id })
  }
}
