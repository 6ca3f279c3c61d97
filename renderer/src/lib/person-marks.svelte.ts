import { getContext, setContext } from 'svelte'
import { SvelteMap } from 'svelte/reactivity'
import {
  suppressionLabel,
  type PersonToCheck,
  type SuppressionReason
} from '../../../shared/ipc/channels/do-not-contact'
import { AskQueue } from './ask-queue'
import type { Client } from './client'
import { idOf, personToCheck, type PersonRef } from './person-ref'

export type { PersonRef } from './person-ref'

/*
 * The marks of the people on screen (issue #31 item 5): who must not be contacted, and why. Every
 * place that shows a person (a search result, a chat answer, a shortlist member, a profile) asks
 * here as it renders; the asks of one task go to main as one checkDoNotContact call, the answers
 * are kept by person, and the people shown are checked again when main says the list changed or
 * people were forgotten. No call per row, and nothing waits for an answer to paint.
 */

export type PersonMark = {
  kind: 'do-not-contact'
  /** What the mark says. */
  text: string
  /** Why, in the recruiter's words (its title and its screen-reader text). */
  detail: string
}

/** What the marks need of the client: the check and main's events. */
export type MarksClient = Pick<Client, 'checkDoNotContact' | 'on'>

/** The most people checked in one call (the channel's own limit). */
export const CHECK_BATCH = 5000
/** People kept; the oldest go first (a person shown again is simply asked for again). */
const KEPT = 20_000

const NONE: readonly PersonMark[] = Object.freeze([])

interface Entry {
  /** The generation of the lists the answer belongs to: an older one is asked for again when read. */
  generation: number
  marks: readonly PersonMark[]
}

export class PersonMarks {
  readonly #client: MarksClient
  readonly #entries = new SvelteMap<string, Entry>()
  readonly #asks: AskQueue<PersonToCheck>
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
  }

  /**
   * The marks of one person, read reactively: unknown (or answered before the lists last changed),
   * they are asked for with the others shown in the same task; meanwhile the last answer shows.
   */
  marksOf(person: PersonRef): readonly PersonMark[] {
    const asked = personToCheck(person)
    if (asked === null) return NONE
    const id = idOf(asked)
    const generation = this.#generation
    const entry = this.#entries.get(id)
    if (entry === undefined || entry.generation !== generation) this.#asks.ask(id, asked, generation)
    return entry?.marks ?? NONE
  }

  /** Whether the person must not be contacted (as far as known yet). */
  suppressed(person: PersonRef): boolean {
    return this.marksOf(person).some((mark) => mark.kind === 'do-not-contact')
  }

  /** Calls made to main so far. */
  get calls(): number {
    return this.#calls
  }

  async #check(asks: Array<[string, PersonToCheck]>, generation: number): Promise<void> {
    this.#calls += 1
    const reply = await this.#client.checkDoNotContact({ people: asks.map(([, person]) => person) })
    const reasons: Array<SuppressionReason[] | undefined> = []
    if (reply.ok) for (const one of reply.data.suppressed) reasons[one.index] = one.reasons
    asks.forEach(([id], index) => {
      // a check that failed keeps what was shown (no mark appears or goes on an error)
      const marks = reply.ok ? marksFrom(reasons[index]) : (this.#entries.get(id)?.marks ?? NONE)
      this.#keep(id, { generation, marks })
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

function marksFrom(reasons: SuppressionReason[] | undefined): readonly PersonMark[] {
  if (reasons === undefined || reasons.length === 0) return NONE
  return [{ kind: 'do-not-contact', text: 'Do not contact', detail: reasons.map(suppressionLabel).join('; ') }]
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
