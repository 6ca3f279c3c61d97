import { getContext, setContext } from 'svelte'
import { SvelteMap } from 'svelte/reactivity'
import {
  suppressionLabel,
  type PersonToCheck,
  type SuppressionReason
} from '../../../shared/ipc/channels/do-not-contact'
import { knownByLabels, type KnownMatch, type KnownPersonToCheck } from '../../../shared/ipc/channels/known-people'
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

export type PersonMark = {
  kind: 'do-not-contact' | 'known'
  /** What the mark says. */
  text: string
  /** Why, in the recruiter's words (its title and its screen-reader text). */
  detail: string
}

/** What the marks need of the client: the check and main's events. */
export type MarksClient = Pick<Client, 'checkDoNotContact' | 'checkKnownPeople' | 'on'>

/** The most people checked in one call (the channel's own limit). */
export const CHECK_BATCH = 5000
/** People kept; the oldest go first (a person shown again is simply asked for again). */
const KEPT = 20_000

const NONE: readonly PersonMark[] = Object.freeze([])

interface Entry {
  /** The generation of the lists the answer belongs to: an older one is asked for again when read. */
  generation: number
  suppressed: readonly PersonMark[]
  known: readonly PersonMark[]
  /** Both, in that order: what is shown. */
  marks: readonly PersonMark[]
}

interface Ask {
  person: PersonToCheck
  known: KnownPersonToCheck
}

export class PersonMarks {
  readonly #client: MarksClient
  readonly #entries = new SvelteMap<string, Entry>()
  readonly #asks: AskQueue<Ask>
  /** Bumped by main's events: every mark read after it is asked for again (those on screen, at once). */
  #generation = $state(0)
  #calls = 0

  /** `schedule` runs the asks of a task (the next task by default; by hand in tests). */
  constructor(client: MarksClient, schedule: (run: () => void) => void = (run) => setTimeout(run, 0)) {
    this.#client = client
    this.#asks = new AskQueue(CHECK_BATCH, schedule, (asks, generation) => this.#check(asks, generation))
    const again = () => {
      this.#generation += 1
    }
    client.on('doNotContactChanged', again)
    client.on('peopleForgotten', again)
    client.on('knownPeopleChanged', again)
    // the known-people lists checked are the shared ones and the active connection's
    let activeId: string | null = null
    client.on('connectionsChanged', (overview) => {
      if (overview.activeId !== activeId) again()
      activeId = overview.activeId
    })
  }

  /**
   * The marks of one person, read reactively: unknown (or answered before the lists last changed),
   * they are asked for with the others shown in the same task; meanwhile the last answer shows.
   */
  marksOf(person: PersonRef): readonly PersonMark[] {
    const checked = personToCheck(person)
    if (checked === null) return NONE
    const known = knownToCheck(person, checked)
    const id = idOf(known)
    const generation = this.#generation
    const entry = this.#entries.get(id)
    if (entry === undefined || entry.generation !== generation)
      this.#asks.ask(id, { person: checked, known }, generation)
    return entry?.marks ?? NONE
  }

  /** Whether the person must not be contacted (as far as known yet). */
  suppressed(person: PersonRef): boolean {
    return this.marksOf(person).some((mark) => mark.kind === 'do-not-contact')
  }

  /** Asks sent to main so far (each one call per check). */
  get calls(): number {
    return this.#calls
  }

  async #check(asks: Array<[string, Ask]>, generation: number): Promise<void> {
    this.#calls += 1
    const [suppressedReply, knownReply] = await Promise.all([
      settled(this.#client.checkDoNotContact({ people: asks.map(([, ask]) => ask.person) })),
      settled(this.#client.checkKnownPeople({ people: asks.map(([, ask]) => ask.known) }))
    ])
    const reasons: Array<SuppressionReason[] | undefined> = []
    if (suppressedReply.ok) for (const one of suppressedReply.data.suppressed) reasons[one.index] = one.reasons
    const matches: Array<KnownMatch[] | undefined> = []
    if (knownReply.ok) for (const match of knownReply.data.known) (matches[match.index] ??= []).push(match)
    asks.forEach(([id], index) => {
      const before = this.#entries.get(id)
      // a check that failed keeps what was shown (no mark appears or goes on an error)
      const suppressed = suppressedReply.ok ? suppressionMarks(reasons[index]) : (before?.suppressed ?? NONE)
      const known = knownReply.ok ? knownMarks(matches[index]) : (before?.known ?? NONE)
      this.#keep(id, { generation, suppressed, known, marks: [...suppressed, ...known] })
    })
  }

  #keep(id: string, entry: Entry): void {
    const before = this.#entries.get(id)
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

function suppressionMarks(reasons: SuppressionReason[] | undefined): readonly PersonMark[] {
  if (reasons === undefined || reasons.length === 0) return NONE
  return [{ kind: 'do-not-contact', text: 'Do not contact', detail: reasons.map(suppressionLabel).join('; ') }]
}

/**
 * "In your ATS (Phone Screen)", and each list that knows them, its stage and how they were
 * recognised; or the service's own ATS match ("In your ATS, per the service: Hiring Manager
 * Screen"). Text from a file or the service with no bidirectional control (lib/user-text).
 */
function knownMarks(matches: KnownMatch[] | undefined): readonly PersonMark[] {
  if (matches === undefined || matches.length === 0) return NONE
  const stageOf = (match: KnownMatch) => plain(match.stage ?? '').trim()
  const fromLists = matches.filter((match) => match.by !== 'service')
  const byService = matches.filter((match) => match.by === 'service')
  const stage = [...fromLists, ...byService].map(stageOf).find((one) => one !== '')
  const lists = fromLists.map(
    (match) =>
      `${plain(match.listName)}${stageOf(match) === '' ? '' : `: ${stageOf(match)}`} (by ${knownByLabels[match.by]})`
  )
  const service = byService.map((match) => {
    const recruiter = plain(match.recruiter ?? '').trim()
    return `In your ATS, per the service${stageOf(match) === '' ? '' : `: ${stageOf(match)}`}${recruiter === '' ? '' : ` (recruiter ${recruiter})`}`
  })
  return [
    {
      kind: 'known',
      text: stage === undefined ? 'In your ATS' : `In your ATS (${stage})`,
      detail: [...(lists.length === 0 ? [] : [`In ${lists.join('; ')}`]), ...service].join('; ')
    }
  ]
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
