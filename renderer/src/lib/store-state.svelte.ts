import type { StoreCopy, StoreStatus } from '../../../shared/ipc/channels/store'
import type { IpcError } from '../../../shared/ipc/errors'
import { loaded, type Load } from './load'
import type { Client } from './client'
import { formatDateTime } from './format'

/** A way out the recruiter picked and is asked to confirm. */
export type StoreChoice = { action: 'moveAside' } | { action: 'restoreCopy'; copy: StoreCopy }

/**
 * The data file's state for the app-wide banner: why it was refused, the ways out, the one the
 * recruiter is confirming, the call in flight, and what happened afterwards. Main does the work
 * (rename aside, copy into place, reopen); this only asks and reports.
 */
export class StoreState {
  readonly #client: Client
  readonly #onRecovered: () => unknown
  #status = $state.raw<Load<StoreStatus>>({ state: 'idle' })
  #confirming = $state.raw<StoreChoice | null>(null)
  #busy = $state<StoreChoice['action'] | 'reopen' | null>(null)
  #failure = $state.raw<IpcError | null>(null)
  #notice = $state<string | null>(null)

  /** `onRecovered` runs once the store is open again, so screens read it afresh. */
  constructor(client: Client, onRecovered: () => unknown) {
    this.#client = client
    this.#onRecovered = onRecovered
  }

  get status() {
    return this.#status
  }
  /** The refusal, when the file was refused. */
  get refused(): Extract<StoreStatus, { state: 'refused' }> | null {
    return this.#status.state === 'ready' && this.#status.value.state === 'refused' ? this.#status.value : null
  }
  get confirming() {
    return this.#confirming
  }
  get busy() {
    return this.#busy
  }
  /** A recovery that failed or left the file refused, in the recruiter's words. */
  get failure() {
    return this.#failure
  }
  /** What was done, once the store is open again. */
  get notice() {
    return this.#notice
  }

  async load(): Promise<void> {
    this.#status = { state: 'loading' }
    const reply = await this.#client.getStoreStatus({})
    this.#status = loaded(reply)
  }

  ask(choice: StoreChoice): void {
    this.#failure = null
    this.#confirming = choice
  }

  cancel(): void {
    this.#confirming = null
  }

  dismissFailure(): void {
    this.#failure = null
  }

  dismissNotice(): void {
    this.#notice = null
  }

  /** Runs the confirmed choice. */
  async confirm(): Promise<void> {
    const choice = this.#confirming
    if (choice === null) return
    this.#confirming = null
    await this.#recover(
      choice.action === 'moveAside' ? { action: 'moveAside' } : { action: 'restoreCopy', path: choice.copy.path },
      choice
    )
  }

  /** Opens the same file again (after permissions were fixed or another program closed it). */
  async reopen(): Promise<void> {
    await this.#recover({ action: 'reopen' }, null)
  }

  async #recover(
    input: { action: 'moveAside' } | { action: 'restoreCopy'; path: string } | { action: 'reopen' },
    choice: StoreChoice | null
  ): Promise<void> {
    if (this.#busy !== null) return
    this.#busy = input.action
    this.#failure = null
    try {
      const reply = await this.#client.recoverStore(input)
      if (!reply.ok) {
        this.#failure = reply.error
        return
      }
      const { movedTo, status } = reply.data
      this.#status = { state: 'ready', value: status }
      if (status.state === 'refused') {
        const kept = movedTo === undefined ? '' : ` The previous file is kept at ${movedTo}.`
        this.#failure = {
          code: 'store_error',
          message: `The data file still could not be opened.${kept}`,
          details: status.technical
        }
        return
      }
      this.#notice = successNotice(choice, movedTo)
      await this.#onRecovered()
    } finally {
      this.#busy = null
    }
  }
}

function successNotice(choice: StoreChoice | null, movedTo: string | undefined): string {
  const kept = movedTo === undefined ? '' : `; the old file is kept at ${movedTo}`
  if (choice?.action === 'moveAside') {
    return `Started with a fresh store${kept} — restore a JSON backup from Shortlists → Restore…`
  }
  if (choice?.action === 'restoreCopy') return `Restored the copy from ${formatWhen(choice.copy.createdAt)}${kept}.`
  return 'Your data file is open again.'
}

/** A copy's date as the recruiter reads it: "1 Mar 2026, 08:30" in their locale. */
export function formatWhen(iso: string): string {
  return formatDateTime(iso)
}

/** The folder and file name of a path, for "kept as … in …" (paths may use / or \). */
export function splitPath(file: string): { folder: string; name: string } {
  const cut = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'))
  return cut < 0 ? { folder: '', name: file } : { folder: file.slice(0, cut), name: file.slice(cut + 1) }
}
