import type { ErasureReason, ForgetResult } from '../../../../shared/ipc/channels/personal-data'
import type { IpcError } from '../../../../shared/ipc/errors'
import type { Client } from '../../lib/client'

export type ForgetPhase =
  | { state: 'confirm' }
  | { state: 'forgetting' }
  | { state: 'done'; result: ForgetResult }
  | { state: 'error'; error: IpcError }

/**
 * One forgetting, from the confirmation to its answer: the dialog of one person and the
 * Shortlists batch share it. The screens showing the people update on main's peopleForgotten.
 */
/** The most people one forgetPeople call takes (its input schema). */
const FORGET_PART = 500

const mergeResults = (a: ForgetResult, b: ForgetResult): ForgetResult => ({
  forgotten: [...a.forgotten, ...b.forgotten],
  failed: [...a.failed, ...b.failed],
  compacted: a.compacted && b.compacted,
  notice: b.notice
})

export class ForgetRun {
  readonly #client: Client
  #phase = $state.raw<ForgetPhase>({ state: 'confirm' })

  constructor(client: Client) {
    this.#client = client
  }

  get phase(): ForgetPhase {
    return this.#phase
  }

  async forget(keys: readonly string[], reason: ErasureReason): Promise<void> {
    if (this.#phase.state === 'forgetting') return
    this.#phase = { state: 'forgetting' }
    const unique = keys.filter((key, index) => keys.indexOf(key) === index)
    let merged: ForgetResult | null = null
    // A call takes at most 500 people; a bigger selection goes in parts, its answers put together.
    for (let start = 0; start < unique.length; start += FORGET_PART) {
      const reply = await this.#client.forgetPeople({ keys: unique.slice(start, start + FORGET_PART), reason })
      if (!reply.ok) {
        // The parts before stay forgotten: the screens heard it; the error says why the rest did not.
        this.#phase =
          merged === null
            ? { state: 'error', error: reply.error }
            : {
                state: 'done',
                result: {
                  ...merged,
                  notice: `The rest were left as they were: ${reply.error.message} ${merged.notice}`
                }
              }
        return
      }
      merged = merged === null ? reply.data : mergeResults(merged, reply.data)
    }
    if (merged !== null) this.#phase = { state: 'done', result: merged }
  }

  /** Back to the confirmation (after an error, to try again). */
  reset(): void {
    this.#phase = { state: 'confirm' }
  }
}
