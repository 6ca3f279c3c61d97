import type { CopyLanguage } from '../../../../shared/copy-languages'
import type { IpcError } from '../../../../shared/ipc/errors'
import { errorMessage } from '../../../../shared/error-message'
import type { Client } from '../../lib/client'
import { deliver } from '../../lib/save-file'

export type AccessCopyPhase =
  { state: 'idle' } | { state: 'saving' } | { state: 'saved'; message: string } | { state: 'error'; error: IpcError }

/**
 * The copy for an access request: the page the person reads (HTML, in their language) and the
 * whole copy (JSON) beside it.
 * The desktop app asks where to save them; the browser host hands both over as downloads.
 * Cancelled in the save dialog: nothing is said.
 */
export class AccessCopy {
  readonly #client: Client
  #phase = $state.raw<AccessCopyPhase>({ state: 'idle' })

  constructor(client: Client) {
    this.#client = client
  }

  get phase(): AccessCopyPhase {
    return this.#phase
  }

  async save(key: string, language: CopyLanguage = 'en'): Promise<void> {
    if (this.#phase.state === 'saving') return
    this.#phase = { state: 'saving' }
    const reply = await this.#client.exportPersonData({ key, language })
    if (!reply.ok) {
      this.#phase = { state: 'error', error: reply.error }
      return
    }
    if (reply.data.cancelled) {
      this.#phase = { state: 'idle' }
      return
    }
    try {
      const said: string[] = []
      for (const file of reply.data.files) said.push(await deliver(this.#client, file.target))
      const problems = reply.data.problems.map((problem) => `${problem.owner} could not answer: ${problem.message}`)
      this.#phase = { state: 'saved', message: [...said, ...problems].join('. ') + '.' }
    } catch (error) {
      this.#phase = { state: 'error', error: { code: 'network', message: errorMessage(error) } }
    }
  }
}
