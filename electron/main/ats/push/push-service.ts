import type {
  AtsExistingChoice,
  AtsMatchedBy,
  AtsPreviewRow,
  AtsSendOutcome,
  AtsSendPreview,
  AtsSendResult,
  AtsSendSource
} from '../../../../shared/ipc/channels/ats-send'
import { suppressionLabel } from '../../../../shared/ipc/channels/do-not-contact'
import { AppError } from '../../../../shared/ipc/errors'
import { errorMessage } from '../../../../shared/error-message'
import { ApiError } from '../../api/api-error'
import { isoNow } from '../../store/clock'
import { atsNames } from '../ats-client'
import {
  addApplication,
  createRecord,
  hasApplication,
  jobsOf,
  missingFields,
  SEND_SOURCE,
  sourceIdOf,
  type SendChoice
} from './ats-records'
import { findInAts, type Found, type Looked } from './find-in-ats'
import { lookNote, pulledListOf } from './pulled-list'
import { pushPersonOf } from './push-people'
import type { PushPerson, PushServiceDeps } from './push-ports'

export type { PushServiceDeps } from './push-ports'
import { SendJournal, type JournalScope } from './send-journal'

/** A recovery looks at records made from this long before its intent (clocks of desk and ATS differ). */
const RECOVERY_SKEW_MS = 10 * 60_000

/**
 * "Send to the ATS" (issue #39 item 2): the preview (who is new, already there, sent before,
 * lacking what the ATS requires, left out as do-not-contact) and the send, exactly once per
 * person, source and connection: the journal's intent is committed before the create call and the
 * ATS's id after it; a person whose intent has no id (a kill, a 5xx, a lost answer) is looked for
 * in the ATS before anything is created again.
 */
export class PushService {
  readonly #deps: PushServiceDeps
  readonly #running = new Map<string, AbortController>()

  constructor(deps: PushServiceDeps) {
    this.#deps = deps
  }

  #journal(): SendJournal {
    return new SendJournal(this.#deps.stores.get().database.db)
  }

  /** The people of a source, read from the store (a shortlist) or the import's enriched rows. */
  people(source: AtsSendSource): { name: string; scope: Omit<JournalScope, 'connectionId'>; people: PushPerson[] } {
    const store = this.#deps.stores.get()
    if (source.kind === 'shortlist') {
      const shortlist = store.shortlists.get(source.shortlistId)
      const ids = source.memberIds ?? store.members.list(source.shortlistId).map((m) => m.id)
      const people: PushPerson[] = []
      for (const id of ids) {
        const member = store.members.get(id)
        if (member.shortlistId !== source.shortlistId) {
          throw new AppError('invalid_input', `Person ${id} is not in the shortlist “${shortlist.name}”.`)
        }
        people.push(
          pushPersonOf(member.profile as Record<string, unknown>, {
            personKey: member.profileKey,
            memberId: member.id,
            tags: member.tags,
            notes: member.notes,
            contact: this.#bought(member.profileKey)
          })
        )
      }
      return { name: shortlist.name, scope: { sourceKind: 'shortlist', sourceId: source.shortlistId }, people }
    }
    const rows = this.#deps.sheetRows()
    const batch = rows.batch(source.batchId)
    const wanted = source.personKeys === undefined ? null : new Set(source.personKeys)
    const seen = new Set<string>()
    const people: PushPerson[] = []
    for (const row of rows.sheetRows(store, source.batchId).rows) {
      const key = typeof row.profile.key === 'string' ? row.profile.key : ''
      if (key === '' || seen.has(key) || (wanted !== null && !wanted.has(key))) continue
      seen.add(key)
      people.push(pushPersonOf(row.profile, { personKey: key, contact: row.contact ?? null }))
    }
    return { name: batch.fileName, scope: { sourceKind: 'import', sourceId: source.batchId }, people }
  }

  #bought(profileKey: string): Record<string, unknown> | null {
    const emails: unknown[] = []
    const phones: unknown[] = []
    for (const result of this.#deps.boughtContacts().newestFor(profileKey)) {
      const value = result as Record<string, unknown>
      if (Array.isArray(value['emails'])) emails.push(...(value['emails'] as unknown[]))
      if (Array.isArray(value['phone_numbers'])) phones.push(...(value['phone_numbers'] as unknown[]))
    }
    return emails.length === 0 && phones.length === 0 ? null : { emails, phone_numbers: phones }
  }

  /** Why each person must be left out (do-not-contact or forgotten), by person key. */
  #leftOut(people: readonly PushPerson[]): Map<string, string> {
    const suppressed = this.#deps
      .doNotContact()
      .check(people.map((p) => ({ key: p.personKey, emails: p.emails.slice(0, 50), handles: p.handles.slice(0, 50) })))
    const out = new Map<string, string>()
    for (const s of suppressed) {
      const person = people[s.index]
      if (person !== undefined) out.set(person.personKey, s.reasons.map(suppressionLabel).join('; '))
    }
    return out
  }

  async preview(connectionId: string, source: AtsSendSource): Promise<AtsSendPreview> {
    const { name, scope, people } = this.people(source)
    const target = await this.#deps.opener().open(connectionId)
    const journal = this.#journal()
    const leftOut = this.#leftOut(people)
    const rows: AtsPreviewRow[] = []
    const toLook: PushPerson[] = []
    const rowOf = (
      person: PushPerson,
      fields: Partial<AtsPreviewRow> & Pick<AtsPreviewRow, 'status'>
    ): AtsPreviewRow => ({
      personKey: person.personKey,
      memberId: person.memberId,
      name: person.name,
      company: person.company,
      atsId: null,
      matchedBy: null,
      missing: [],
      leftOutReason: null,
      lookError: null,
      ...fields
    })
    for (const person of people) {
      const reason = leftOut.get(person.personKey)
      const sent = journal.get({ ...scope, connectionId }, person.personKey)
      if (reason !== undefined) rows.push(rowOf(person, { status: 'left-out', leftOutReason: reason }))
      else if (sent?.state === 'done') rows.push(rowOf(person, { status: 'sent', atsId: sent.atsId }))
      else toLook.push(person)
    }
    const { found, failed, pulledAt } = await findInAts(
      target,
      toLook,
      undefined,
      undefined,
      pulledListOf(this.#deps.knownPeople, target)
    )
    for (const person of toLook) {
      const hit = found.get(person.personKey)
      const lookError = failed.get(person.personKey)
      const missing = missingFields(target.kind, person)
      if (hit !== undefined) rows.push(rowOf(person, { status: 'existing', atsId: hit.record.id, matchedBy: hit.by }))
      else if (lookError !== undefined) rows.push(rowOf(person, { status: 'unchecked', lookError }))
      else if (missing.length > 0) rows.push(rowOf(person, { status: 'missing', missing }))
      else rows.push(rowOf(person, { status: 'new' }))
    }
    const order = new Map(people.map((p, i) => [p.personKey, i]))
    rows.sort((a, b) => (order.get(a.personKey) ?? 0) - (order.get(b.personKey) ?? 0))
    const count = (status: AtsPreviewRow['status']) => rows.filter((r) => r.status === status).length
    return {
      connectionId,
      connectionName: target.name,
      kind: target.kind,
      sourceName: name,
      counts: {
        new: count('new'),
        existing: count('existing'),
        sent: count('sent'),
        missing: count('missing'),
        leftOut: count('left-out'),
        unchecked: count('unchecked')
      },
      rows,
      jobs: await jobsOf(target),
      sourceNote:
        target.kind === 'greenhouse' && (await sourceIdOf(target)) === null
          ? `Greenhouse has no source named “${SEND_SOURCE}”: these people will go without a source. An admin can add it under Configure → Sources.`
          : null,
      lookNote: lookNote(target.kind, pulledAt, this.#deps.clock.now())
    }
  }

  cancel(sendId: string): boolean {
    const running = this.#running.get(sendId)
    if (running === undefined) return false
    running.abort()
    return true
  }

  /**
   * Sends the people: left-out and incomplete ones are said and not created; sent-before and
   * already-there ones are skipped, or with `existing: 'apply'` and a job get one new application
   * on their record there (never a second person); each of the others is created once (journal
   * intent → create → ATS id). One person's failure is theirs alone; a cancel stops after the
   * person in hand.
   */
  async send(input: {
    sendId: string
    connectionId: string
    source: AtsSendSource
    jobId: string | null
    stageId: string | null
    existing?: AtsExistingChoice
  }): Promise<AtsSendResult> {
    if (this.#running.has(input.sendId)) throw new AppError('conflict', 'This send is already running.')
    const abort = new AbortController()
    this.#running.set(input.sendId, abort)
    try {
      const result = await this.#send(input, abort.signal)
      if (result.created + result.applied > 0) this.#deps.sent?.(input.connectionId)
      return result
    } finally {
      this.#running.delete(input.sendId)
    }
  }

  async #send(
    input: {
      sendId: string
      connectionId: string
      source: AtsSendSource
      jobId: string | null
      stageId: string | null
      existing?: AtsExistingChoice
    },
    signal: AbortSignal
  ): Promise<AtsSendResult> {
    const { name, scope: sourceScope, people } = this.people(input.source)
    const target = await this.#deps.opener().open(input.connectionId)
    const scope: JournalScope = { ...sourceScope, connectionId: input.connectionId }
    const choice: SendChoice = {
      jobId: input.jobId,
      stageId: input.jobId === null ? null : input.stageId,
      sourceId: await sourceIdOf(target)
    }
    // people already there get a new application (Lever: a new opportunity for the posting) on a chosen job
    const apply = input.existing === 'apply' && choice.jobId !== null
    const journal = this.#journal()
    const now = () => isoNow(this.#deps.clock)
    const leftOut = this.#leftOut(people)
    const outcomes: AtsSendOutcome[] = []
    const tally = { created: 0, skipped: 0, failed: 0 }
    const tell = (outcome: AtsSendOutcome) => {
      outcomes.push(outcome)
      if (outcome.result === 'created') tally.created++
      else if (outcome.result === 'skipped') tally.skipped++
      else if (outcome.result === 'failed') tally.failed++
      this.#deps.progress({
        sendId: input.sendId,
        done: outcomes.length,
        total: people.length,
        ...tally,
        latest: outcome
      })
    }
    const outcome = (person: PushPerson, result: AtsSendOutcome['result'], atsId: string | null, message: string) =>
      tell({ personKey: person.personKey, name: person.name, result, atsId, message })

    // look before create, for everyone not journalled: one pass at the batch's start
    const fresh = people.filter((p) => !leftOut.has(p.personKey) && journal.get(scope, p.personKey) === undefined)
    let looked: Looked = { found: new Map<string, Found>(), failed: new Map<string, string>() }
    let cancelled = false
    try {
      looked = await findInAts(target, fresh, signal, undefined, pulledListOf(this.#deps.knownPeople, target))
    } catch (error) {
      if (!signal.aborted) throw error
      cancelled = true
    }
    const atsName = atsNames[target.kind]
    /**
     * A new application for someone already there, once: the intent first, then a look at their
     * applications (a retry after a lost answer finds the one made), then the add.
     */
    const applyTo = async (person: PushPerson, candidateId: string, by: string, created = false): Promise<void> => {
      // a person sent before keeps their journal row ('done', the id, created): the look below is
      // what keeps a retry after a lost answer from adding a second application
      journal.intend(scope, person.personKey, now(), candidateId)
      if (await hasApplication(target, candidateId, choice.jobId as string)) {
        journal.done(scope, person.personKey, candidateId, created, now())
        outcome(person, 'skipped', candidateId, `Already in ${atsName} (${by}), with an application for this job.`)
        return
      }
      try {
        await addApplication(target, candidateId, person, choice)
      } catch (error) {
        if (error instanceof ApiError && ['invalid_request', 'forbidden', 'not_found', 'auth'].includes(error.kind))
          journal.drop(scope, person.personKey)
        throw error
      }
      journal.done(scope, person.personKey, candidateId, created, now())
      outcome(person, 'applied', candidateId, `Already in ${atsName} (${by}): a new application for the job.`)
    }
    const byWords = (by: AtsMatchedBy) =>
      `by ${by === 'name-company' ? 'name and company' : by === 'link' ? 'profile link' : 'email'}`
    for (const person of people) {
      if (cancelled || signal.aborted) {
        cancelled = true
        break
      }
      const reason = leftOut.get(person.personKey)
      if (reason !== undefined) {
        outcome(person, 'left-out', null, reason)
        continue
      }
      const entry = journal.get(scope, person.personKey)
      // sent (or found there) by an earlier send: with "new application" chosen, the record the
      // journal names gets one now (never a second person)
      const applyToSent = apply && entry?.state === 'done' && entry.atsId !== null
      if (entry?.state === 'done' && !applyToSent) {
        outcome(person, 'skipped', entry.atsId, entry.created ? `Sent to ${atsName} before.` : `Already in ${atsName}.`)
        continue
      }
      try {
        if (applyToSent) {
          const by = entry.created ? 'sent before' : 'found by an earlier send'
          await applyTo(person, entry.atsId as string, by, entry.created)
          continue
        }
        if (entry?.state === 'intent' && entry.atsId !== null) {
          // an application cut short (its intent names the candidate, there before it): applyTo
          // looks before it adds; without "new application" chosen now, the person is skipped
          if (apply) await applyTo(person, entry.atsId, 'found by an earlier send', entry.created)
          else {
            journal.done(scope, person.personKey, entry.atsId, entry.created, now())
            outcome(person, 'skipped', entry.atsId, `Already in ${atsName}.`)
          }
          continue
        }
        if (entry?.state === 'intent') {
          // a send cut short between the create and its answer: is the record there?
          const since = new Date(Date.parse(entry.intentAt) - RECOVERY_SKEW_MS).toISOString()
          const recovered = await findInAts(target, [person], signal, since)
          const there = recovered.found.get(person.personKey)
          const lookError = recovered.failed.get(person.personKey)
          if (lookError !== undefined && there === undefined) {
            // not known whether the earlier send made it: nothing is made now, a later send looks again
            outcome(person, 'failed', null, `Could not look in ${atsName}: ${lookError}`)
            continue
          }
          if (there !== undefined) {
            journal.done(scope, person.personKey, there.record.id, true, now())
            outcome(person, 'created', there.record.id, `Found in ${atsName}: the earlier send had created it.`)
            continue
          }
        } else {
          const hit = looked.found.get(person.personKey)
          const lookError = looked.failed.get(person.personKey)
          if (hit === undefined && lookError !== undefined) {
            // not known whether they are there: nothing is made (it could be a second record)
            outcome(person, 'failed', null, `Could not look in ${atsName}: ${lookError}`)
            continue
          }
          if (hit !== undefined && apply) {
            await applyTo(person, hit.record.id, byWords(hit.by))
            continue
          }
          if (hit !== undefined) {
            journal.done(scope, person.personKey, hit.record.id, false, now())
            outcome(person, 'skipped', hit.record.id, `Already in ${atsName} (${byWords(hit.by)}).`)
            continue
          }
        }
        const missing = missingFields(target.kind, person)
        if (missing.length > 0) {
          journal.drop(scope, person.personKey)
          outcome(person, 'missing', null, `${atsName} requires ${missing.join(' and ')}.`)
          continue
        }
        journal.intend(scope, person.personKey, now())
        let atsId: string
        try {
          atsId = await createRecord(target, person, choice)
        } catch (error) {
          // refused outright (4xx other than 429): nothing was made, the intent goes; otherwise
          // (5xx, network, timeout) it may have been: the intent stays and a retry looks first
          if (error instanceof ApiError && ['invalid_request', 'forbidden', 'not_found', 'auth'].includes(error.kind))
            journal.drop(scope, person.personKey)
          throw error
        }
        journal.done(scope, person.personKey, atsId, true, now())
        outcome(person, 'created', atsId, '')
      } catch (error) {
        if (signal.aborted) {
          cancelled = true
          break
        }
        outcome(person, 'failed', null, errorMessage(error))
      }
    }
    const created = outcomes.filter((o) => o.result === 'created').length
    const applied = outcomes.filter((o) => o.result === 'applied').length
    if (created + applied > 0) {
      this.#deps.exportLog().record({
        kind: 'ats-send',
        format: target.kind,
        source: `${name} → ${atsName} (${target.name})`,
        people: created + applied,
        files: [],
        connectionId: target.connectionId,
        connectionName: target.name,
        delivery: 'ats'
      })
    }
    return {
      sendId: input.sendId,
      cancelled,
      created,
      applied,
      skipped: outcomes.filter((o) => o.result === 'skipped').length,
      failed: outcomes.filter((o) => o.result === 'failed').length,
      leftOut: outcomes.filter((o) => o.result === 'left-out').length,
      missing: outcomes.filter((o) => o.result === 'missing').length,
      outcomes
    }
  }

  /** What a shortlist's member rows show: the ATS ids of its people sent (or found there) before. */
  sentFrom(shortlistId: string): Array<{ personKey: string; connectionId: string; atsId: string; created: boolean }> {
    return this.#journal()
      .sentFrom('shortlist', shortlistId)
      .flatMap((row) =>
        row.atsId === null
          ? []
          : [{ personKey: row.personKey, connectionId: row.connectionId, atsId: row.atsId, created: row.created }]
      )
  }
}
