import { setMaxListeners } from 'node:events'
import { ApiError } from '../api/api-error'
import type { PartnerClient } from '../api/partner-client'
import type { ConnectionsPort } from '../platform/ports'
import type { Logger } from '../logging/logger'
import type { ImportRowRecord } from './imports-repo'
import type { ImportsStore } from './imports-store'
import type { Paced } from '../pace/paces'
import { BatchedWrites } from './batched-writes'
import { looserAsks, withLooser } from './looser-ask'
import { byEvidence, classify } from './match-outcome'
import { identifiersOf } from './row-request'
import { errorMessage } from '../../../shared/error-message'

export interface MatcherTiming {
  /** Rows matched at once per batch. */
  concurrency: number
  /** First wait after the service failed to answer; doubled up to `maxBackoffMs`. */
  backoffMs: number
  maxBackoffMs: number
  /** A row the service failed to answer this many times is marked failed (the batch goes on). */
  attemptsPerRow: number
}
export const defaultMatcherTiming: MatcherTiming = {
  concurrency: 4,
  backoffMs: 1_000,
  maxBackoffMs: 30_000,
  attemptsPerRow: 4
}

/** Errors about the connection, not the row: matching pauses until the recruiter resumes. */
const STOPPING_KINDS = new Set(['auth', 'forbidden', 'out_of_credits'])
/** Errors about this row's data: the row fails, the batch goes on. */
const ROW_KINDS = new Set(['invalid_request', 'not_found', 'contract_mismatch', 'unreadable'])

export interface MatcherDeps {
  store: () => ImportsStore
  connections: Pick<ConnectionsPort, 'client'>
  /** Each connection's pace (shared by every batch on it, refresh and purchases). */
  throttle: (connectionId: string) => Paced
  logger: Logger
  /** A batch's rows changed (answered, paused, done). */
  changed: (batchId: string) => void
  timing?: Partial<MatcherTiming>
  /** Waits (a test's clock may make these instant); resolves early when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
  /** Match Profiles results asked for each row. */
  maxCandidates?: number
}

/**
 * Matches the pending rows of a batch, a few at a time under the connection's bounded rate.
 * Each row is sent with a transaction id written first (a resend after a restart reuses it);
 * exact identifiers are asked first (key, emails, handles: one COMPLETE answer is the candidate),
 * then the whole row with names and context, and when no candidate fits the row's own values
 * looser asks (looser-ask.ts); the row's values judge the candidates (match-outcome.ts). An answer
 * is written only while the row is still pending, so a row is never answered twice. The service
 * not answering backs off and tries again; a row it refuses fails alone; a refused connection
 * pauses the batch with the reason.
 */
export class ImportMatcher {
  readonly #timing: MatcherTiming
  readonly #running = new Map<string, { controller: AbortController; done: Promise<void> }>()
  readonly #answers = new BatchedWrites((writes) => this.deps.store().transaction(writes))

  constructor(private readonly deps: MatcherDeps) {
    this.#timing = { ...defaultMatcherTiming, ...deps.timing }
  }

  /** Runs a batch until no row is pending, or it is stopped. The batch must be in state 'matching'. */
  run(batchId: string): void {
    if (this.#running.has(batchId)) return
    const controller = new AbortController()
    // every row at once listens for the stop (the wait, the request, its retries): more than
    // Node's default of ten listeners is expected here, not a leak
    setMaxListeners(8 * Math.max(1, this.#timing.concurrency), controller.signal)
    const done = this.#loop(batchId, controller.signal)
      .catch((error: unknown) => this.deps.logger.warn('imports.matching_stopped', { batchId, error: String(error) }))
      .finally(() => {
        this.#running.delete(batchId)
        this.deps.changed(batchId)
      })
    this.#running.set(batchId, { controller, done })
  }

  /** Stops matching a batch; rows being sent stay pending (and are sent again on resume). */
  async stop(batchId: string): Promise<void> {
    const running = this.#running.get(batchId)
    if (running === undefined) return
    running.controller.abort()
    await running.done
  }

  async close(): Promise<void> {
    await Promise.all([...this.#running.keys()].map((batchId) => this.stop(batchId)))
  }

  async #loop(batchId: string, signal: AbortSignal): Promise<void> {
    const busy = new Set<number>()
    const attempts = new Map<number, number>()
    let backoff = 0
    const take = (): ImportRowRecord | null => {
      const [row] = this.deps.store().imports.pending(batchId, 1, busy)
      if (row === undefined) return null
      busy.add(row.rowNo)
      return row
    }
    let stopped = false
    // a problem said on the batch (cleared by the next answer); one the batch had from before too
    let problemShown = this.deps.store().imports.get(batchId).problem !== null
    const worker = async () => {
      while (!signal.aborted && !stopped) {
        const row = take()
        if (row === null) return
        try {
          const result = await this.#matchRow(batchId, row, signal)
          if (result === 'answered') {
            backoff = 0
            if (problemShown) this.deps.store().imports.setProblem(batchId, null)
            problemShown = false
          }
        } catch (error) {
          if (signal.aborted) return
          const kind = error instanceof ApiError ? error.kind : 'network'
          const message = errorMessage(error)
          if (error instanceof ApiError && STOPPING_KINDS.has(kind)) {
            stopped = true
            this.deps.store().imports.setState(batchId, 'paused', `Matching paused: ${message}`)
            // the rows still waiting for the connection's pace stop at once (they stay pending), so
            // a resume right after the pause starts a new run instead of finding this one still going
            this.#running.get(batchId)?.controller.abort()
            return
          }
          const tries = (attempts.get(row.rowNo) ?? 0) + 1
          attempts.set(row.rowNo, tries)
          if (ROW_KINDS.has(kind) || tries >= this.#timing.attemptsPerRow) {
            this.deps.store().imports.recordAnswer(batchId, row.rowNo, {
              outcome: 'failed',
              profiles: [],
              bestKey: null,
              error: message
            })
          } else {
            this.deps.store().imports.setProblem(batchId, `The service did not answer; trying again. (${message})`)
            problemShown = true
            this.deps.changed(batchId)
            backoff = Math.min(this.#timing.maxBackoffMs, backoff === 0 ? this.#timing.backoffMs : backoff * 2)
            await this.#sleep(backoff, signal)
          }
        } finally {
          busy.delete(row.rowNo)
        }
        this.deps.changed(batchId)
      }
    }
    await Promise.all(Array.from({ length: this.#timing.concurrency }, worker))
    if (signal.aborted || stopped) return
    const store = this.deps.store()
    if (store.imports.counts(batchId).pending === 0 && store.imports.get(batchId).state === 'matching') {
      store.imports.setState(batchId, 'done')
    }
  }

  async #matchRow(batchId: string, row: ImportRowRecord, signal: AbortSignal): Promise<'answered' | 'skipped'> {
    const request = row.request
    if (request === null) return 'skipped'
    const batch = this.deps.store().imports.get(batchId)
    const { client } = await this.deps.connections.client(batch.connectionId)
    // the same id for every attempt of a row, before and after a restart: made from the row itself
    const transactionId = row.transactionId ?? `import-${batchId}-${row.rowNo}`
    const ask = (body: typeof request, suffix: string) =>
      // a stop does not wait for the connection's queue: the row stays pending
      untilAborted(
        this.deps.throttle(batch.connectionId)(() => {
          signal.throwIfAborted()
          return client.matchProfiles(
            body,
            { maxNumberOfResults: this.deps.maxCandidates ?? 5, transactionId: `${transactionId}${suffix}` },
            signal
          )
        }),
        signal
      )
    let profiles = await this.#exactFirst(ask, request)
    if (profiles === null) profiles = (await ask(request, '')).records.map((record) => asObject(record.value))
    if (signal.aborted) return 'skipped'
    const threshold = this.deps.store().imports.get(batchId).threshold
    let verdict = classify(request, profiles, threshold)
    // no one fits: a misspelt name may be found by a looser ask (each its own id, the same on every attempt)
    for (const looser of verdict.fitting === 0 ? looserAsks(request) : []) {
      const more = (await ask(looser.body, looser.suffix)).records.map((record) => asObject(record.value))
      if (signal.aborted) return 'skipped'
      if (more.length === 0) continue
      // the review shows the first five: those the row's values fit best
      profiles = byEvidence(request, withLooser(profiles, more))
      verdict = classify(request, profiles, threshold)
      break
    }
    // answers that come in together share one commit (the row stays busy until it is written)
    await this.#answers.write(() =>
      this.deps.store().imports.recordAnswer(batchId, row.rowNo, {
        outcome: verdict.outcome,
        profiles,
        bestKey: verdict.key,
        reason: verdict.reason,
        error: null,
        transactionId
      })
    )
    return 'answered'
  }

  /** The identifiers alone: one COMPLETE answer settles the row; else null (ask with everything). */
  async #exactFirst(
    ask: (body: NonNullable<ImportRowRecord['request']>, suffix: string) => ReturnType<PartnerClient['matchProfiles']>,
    request: NonNullable<ImportRowRecord['request']>
  ): Promise<Array<Record<string, unknown>> | null> {
    const identifiers = identifiersOf(request)
    if (identifiers === null) return null
    const onlyIdentifiers = Object.keys(identifiers).length === Object.keys(request).length
    const profiles = (await ask(identifiers, onlyIdentifiers ? '' : '-exact')).records.map((record) =>
      asObject(record.value)
    )
    if (onlyIdentifiers) return profiles
    const complete = profiles.filter((profile) => profile['match_type'] === 'COMPLETE')
    return complete.length === 1 ? profiles : null
  }

  #sleep(ms: number, signal: AbortSignal): Promise<void> {
    if (this.deps.sleep) return this.deps.sleep(ms, signal)
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        signal.removeEventListener('abort', done)
        resolve()
      }
      signal.addEventListener('abort', done, { once: true })
    })
  }
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

/** The promise, or a rejection as soon as the signal aborts (what it was waiting for is dropped). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason)
    signal.addEventListener('abort', abort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort)
        reject(error)
      }
    )
  })
}
