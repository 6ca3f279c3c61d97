import { getContext, setContext } from 'svelte'
import { SvelteMap } from 'svelte/reactivity'
import {
  suppressionLabel,
  type PersonToCheck,
  type SuppressionReason
} from '../../../shared/ipc/channels/do-not-contact'
import { knownByLabels, type KnownMatch } from '../../../shared/ipc/channels/known-people'
import type { EventName } from '../../../shared/ipc/contract'
import type { IpcResult } from '../../../shared/ipc/errors'
import { errorMessage } from '../../../shared/error-message'
import { AskQueue } from './ask-queue'
import type { Client } from './client'
import { idOf, knownToCheck, personToCheck, type PersonRef } from './person-ref'
import { plain } from './user-text'

export type { PersonRef } from './person-ref'

/*
 * The marks of the people on screen: who must not be contacted and why (issue #31 item 5), and
 * who is already in the company's ATS, at which stage (issue #32 item 2). Every place that shows a
 * person (a search result, a chat answer, a shortlist member, a profile, watch news) asks here as
 * it renders; the asks of one task go to main as one checkDoNotContact and one checkKnownPeople
 * call, the answers are kept by person, and the people shown are checked again when main says a
 * list changed, people were forgotten or another connection is in use (its own ATS lists). No call
 * per row, and nothing waits for an answer to paint.
 */

/** What a mark says and why, as a kind reads it from its channel's answer. */
export interface MarkWords {
  /** What the mark says. */
  text: string
  /** Why, in the recruiter's words (its title and its screen-reader text). */
  detail: string
}

/** The channels of the client a mark kind may ask. */
type MarkChannel = 'checkDoNotContact' | 'checkKnownPeople'

/**
 * One kind of mark: the channel it asks (one call for all the people of a task), what one person
 * is asked as, how its answer reads into a mark per person, and how the mark looks. A new kind is
 * one entry in `markKinds` (and its channel in main).
 */
export interface MarkKind<C extends MarkChannel = MarkChannel, A = unknown, R = unknown> {
  channel: C
  /** The person as this kind's channel takes them. */
  toAsk(person: PersonRef, checked: PersonToCheck): A
  /** One call for the people asked in a task. */
  ask(client: Pick<Client, C>, people: A[]): Promise<IpcResult<R>>
  /** The marks of the answer by the index of the person asked (none: no mark). */
  read(data: R): Array<MarkWords | undefined>
  /** Main's events after which the people shown are checked again (every kind's marks). */
  changedOn: readonly EventName[]
  /** Whether the answer depends on the active connection (checked again when another is in use). */
  perConnection?: boolean
  /** The mark's colour (words and an outline in it, not colour alone). */
  colour: string
  /** Whether the mark means the person must not be contacted. */
  suppresses?: boolean
}

/** An entry typed from its channel, so the table below keeps each kind's own ask and answer types. */
const markKind = <C extends MarkChannel, A, R>(kind: MarkKind<C, A, R>): MarkKind<C, A, R> => kind

/** Every kind of mark, in the order shown. */
export const markKinds = {
  'do-not-contact': markKind({
    channel: 'checkDoNotContact',
    toAsk: (_person, checked) => checked,
    ask: (client, people) => client.checkDoNotContact({ people }),
    read: (data) => {
      const marks: Array<MarkWords | undefined> = []
      for (const one of data.suppressed) marks[one.index] = suppressionMarks(one.reasons)
      return marks
    },
    changedOn: ['doNotContactChanged'],
    colour: 'var(--status-failed)',
    suppresses: true
  }),
  known: markKind({
    channel: 'checkKnownPeople',
    toAsk: (person, checked) => knownToCheck(person, checked),
    ask: (client, people) => client.checkKnownPeople({ people }),
    read: (data) => {
      const matches: Array<KnownMatch[] | undefined> = []
      for (const match of data.known) (matches[match.index] ??= []).push(match)
      return matches.map(knownMarks)
    },
    changedOn: ['knownPeopleChanged'],
    // the known-people lists checked are the shared ones and the active connection's
    perConnection: true,
    colour: 'var(--accent-text)'
  })
}

export type MarkKindId = keyof typeof markKinds

/** Any table of kinds the marks can be built from (the app's is `markKinds`). */
export type MarkKinds = Record<string, MarkKind<MarkChannel, any, any>> // eslint-disable-line @typescript-eslint/no-explicit-any

export type PersonMark = MarkWords & {
  kind: MarkKindId
}

/** What the marks need of the client: the kinds' checks and main's events. */
export type MarksClient = Pick<Client, 'on' | (typeof markKinds)[MarkKindId]['channel']>

/** The most people checked in one call (the channel's own limit). */
export const CHECK_BATCH = 5000
/** People kept; the oldest go first (a person shown again is simply asked for again). */
const KEPT = 20_000

const NONE: readonly PersonMark[] = Object.freeze([])

interface Entry {
  /** The generation of the lists the answer belongs to: an older one is asked for again when read. */
  generation: number
  /** Each kind's marks (kept by kind: a kind whose check failed keeps what it showed). */
  byKind: Readonly<Record<string, readonly PersonMark[]>>
  /** All of them, in the order of the kinds: what is shown. */
  marks: readonly PersonMark[]
}

/** One person as each kind asks for them. */
type Ask = Record<string, unknown>

export class PersonMarks {
  readonly #client: MarksClient
  readonly #kinds: Array<[MarkKindId, MarkKind<MarkChannel, unknown, unknown>]>
  readonly #entries = new SvelteMap<string, Entry>()
  readonly #asks: AskQueue<Ask>
  /** Bumped by main's events: every mark read after it is asked for again (those on screen, at once). */
  #generation = $state(0)
  #calls = 0

  /**
   * `schedule` runs the asks of a task (the next task by default; by hand in tests); `kinds` are
   * the kinds of mark asked for (the app's table by default).
   */
  constructor(
    client: MarksClient,
    schedule: (run: () => void) => void = (run) => setTimeout(run, 0),
    kinds: MarkKinds = markKinds
  ) {
    this.#client = client
    this.#kinds = Object.entries(kinds) as Array<[MarkKindId, MarkKind<MarkChannel, unknown, unknown>]>
    this.#asks = new AskQueue(CHECK_BATCH, schedule, (asks, generation) => this.#check(asks, generation))
    const again = () => {
      this.#generation += 1
    }
    // forgotten people lose every mark; each kind says which of main's events change its answers
    client.on('peopleForgotten', again)
    const events = this.#kinds.flatMap(([, kind]) => kind.changedOn)
    // each event once, however many kinds it changes
    events.forEach((event, at) => {
      if (events.indexOf(event) === at) client.on(event, again)
    })
    if (this.#kinds.some(([, kind]) => kind.perConnection)) {
      let activeId: string | null = null
      client.on('connectionsChanged', (overview) => {
        if (overview.activeId !== activeId) again()
        activeId = overview.activeId
      })
    }
  }

  /**
   * The marks of one person, read reactively: unknown (or answered before the lists last changed),
   * they are asked for with the others shown in the same task; meanwhile the last answer shows.
   */
  marksOf(person: PersonRef): readonly PersonMark[] {
    const checked = personToCheck(person)
    if (checked === null) return NONE
    const id = idOf(knownToCheck(person, checked))
    const generation = this.#generation
    const entry = this.#entries.get(id)
    if (entry === undefined || entry.generation !== generation) {
      const ask: Ask = {}
      for (const [kindId, kind] of this.#kinds) ask[kindId] = kind.toAsk(person, checked)
      this.#asks.ask(id, ask, generation)
    }
    return entry?.marks ?? NONE
  }

  /** Whether the person must not be contacted (as far as known yet). */
  suppressed(person: PersonRef): boolean {
    return this.marksOf(person).some((mark) => this.#kinds.some(([id, kind]) => id === mark.kind && kind.suppresses))
  }

  /** Asks sent to main so far (each one call per check). */
  get calls(): number {
    return this.#calls
  }

  async #check(asks: Array<[string, Ask]>, generation: number): Promise<void> {
    this.#calls += 1
    const replies = await Promise.all(
      this.#kinds.map(([kindId, kind]) =>
        settled(
          kind.ask(
            this.#client as Pick<Client, MarkChannel>,
            asks.map(([, ask]) => ask[kindId])
          )
        )
      )
    )
    const read = this.#kinds.map(([, kind], at) => {
      const reply = replies[at]!
      return reply.ok ? kind.read(reply.data) : undefined
    })
    asks.forEach(([id], index) => {
      const before = this.#entries.get(id)
      const byKind: Record<string, readonly PersonMark[]> = {}
      this.#kinds.forEach(([kindId], at) => {
        const marks = read[at]
        const words = marks?.[index]
        // a check that failed keeps what was shown (no mark appears or goes on an error)
        byKind[kindId] =
          marks === undefined
            ? (before?.byKind[kindId] ?? NONE)
            : words === undefined
              ? NONE
              : [{ kind: kindId, ...words }]
      })
      this.#keep(id, { generation, byKind, marks: Object.values(byKind).flat() })
    })
  }

  #keep(id: string, entry: Entry): void {
    const before = this.#entries.get(id)
    // a check asked before main's last event may answer after the one asked after it (the browser
    // host's answers travel apart): the older answer does not replace the newer
    if (before !== undefined && before.generation > entry.generation) return
    // the same answer again changes nothing on screen
    if (before !== undefined && before.generation === entry.generation && sameMarks(before.marks, entry.marks)) return
    // set afresh, so the oldest answers are the first in the map
    this.#entries.delete(id)
    this.#entries.set(id, entry)
    if (this.#entries.size > KEPT) {
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
  }
}

/** A call that threw (the host gone mid-call) counts as one that failed: what was shown stays. */
async function settled<T>(call: Promise<IpcResult<T>>): Promise<IpcResult<T>> {
  try {
    return await call
  } catch (error) {
    return { ok: false, error: { code: 'internal', message: errorMessage(error) } }
  }
}

function suppressionMarks(reasons: SuppressionReason[]): MarkWords | undefined {
  if (reasons.length === 0) return undefined
  return { text: 'Do not contact', detail: reasons.map(suppressionLabel).join('; ') }
}

/**
 * "In your ATS (Phone Screen)", and each list that knows them, its stage and how they were
 * recognised; or the service's own ATS match ("In your ATS, per the service: Hiring Manager
 * Screen"). Text from a file or the service with no bidirectional control (lib/user-text).
 */
function knownMarks(matches: KnownMatch[] | undefined): MarkWords | undefined {
  if (matches === undefined || matches.length === 0) return undefined
  const stageOf = (match: KnownMatch) => plain(match.stage ?? '').trim()
  const fromLists = matches.filter((match) => match.by !== 'service')
  const byService = matches.filter((match) => match.by === 'service')
  const stage = [...fromLists, ...byService].map(stageOf).find((one) => one !== '')
  const lists = fromLists.map(
    (match) =>
      `${plain(match.listName)}${stageOf(match) === '' ? '' : `: ${stageOf(match)}`} (by ${knownByLabels[match.by]})${serviceDisagreed(match)}`
  )
  const service = byService.map((match) => {
    const recruiter = plain(match.recruiter ?? '').trim()
    return `In your ATS, per the service${stageOf(match) === '' ? '' : `: ${stageOf(match)}`}${recruiter === '' ? '' : ` (recruiter ${recruiter})`}`
  })
  return {
    text: stage === undefined ? 'In your ATS' : `In your ATS (${stage})`,
    detail: [...(lists.length === 0 ? [] : [`In ${lists.join('; ')}`]), ...service].join('; ')
  }
}

/**
 * A list pulled from the ATS itself (issue #39) where the service's own ATS match said otherwise:
 * the ATS wins, and the mark says what the service said. '' when they agreed.
 */
function serviceDisagreed(match: KnownMatch): string {
  const said = match.serviceSaid
  if (said === undefined) return ''
  const stage = plain(said.stage ?? '').trim()
  const id = plain(said.atsId ?? '').trim()
  const what = [stage === '' ? '' : `stage ${stage}`, id === '' ? '' : `candidate ${id}`].filter((part) => part !== '')
  return ` — the service said ${what.join(', ') || 'otherwise'}; ${plain(match.listName)} is the ATS itself and wins`
}

function sameMarks(a: readonly PersonMark[], b: readonly PersonMark[]): boolean {
  return (
    a.length === b.length && a.every((mark, index) => mark.kind === b[index]!.kind && mark.detail === b[index]!.detail)
  )
}

const CONTEXT = Symbol('person-marks')

/** Called once by the app's root: every screen below reads the same marks. */
export function providePersonMarks(marks: PersonMarks): void {
  setContext(CONTEXT, marks)
}

/** The app's marks, or null where no app provides them (a component on its own, in a test). */
export function usePersonMarks(): PersonMarks | null {
  return getContext<PersonMarks | undefined>(CONTEXT) ?? null
}
