import type { TeamSpendBook } from '../../../../shared/ipc/channels/team-spend'
import type { Client } from '../../lib/client'
import { loaded, type Load } from '../../lib/load'
import { RepliesAndEvents } from '../../lib/replies-and-events'

/** A month as the team's book names it: YYYY-MM (the calendar month in this computer's time zone). */
export function monthKeyOf(year: number, monthIndex: number): string {
  const months = year * 12 + monthIndex
  return `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}`
}

/** The month before or after `month` (YYYY-MM). */
export function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  return monthKeyOf(year, number - 1 + by)
}

function thisMonth(): string {
  const now = new Date(Date.now())
  return monthKeyOf(now.getFullYear(), now.getMonth())
}

/**
 * Usage → Budgets → the team's book (issue #38 item 4.3): every desk's purchases for one month,
 * read from the team server when the pane opens, when the month changes, and when main says the
 * budgets moved (a purchase on this desk). A desk in no team gets `none`.
 */
export class TeamBookState {
  readonly #client: Client
  #month = $state(thisMonth())
  #book = $state.raw<Load<TeamSpendBook>>({ state: 'idle' })
  /**
   * The events that read the book again (budgetsChanged, teamChanged): a read asked before one of
   * them may answer after the read it asked (the browser host's answers travel apart) and is then
   * not shown, the newer one is.
   */
  readonly #told = new RepliesAndEvents<'book'>()

  constructor(client: Client) {
    this.#client = client
  }

  /** Main said the budgets or the team changed: read again (an older read on its way gives way). */
  readAgain(): Promise<void> {
    this.#told.told('book')
    return this.load()
  }

  get month() {
    return this.#month
  }
  get book() {
    return this.#book
  }

  async show(month: string): Promise<void> {
    this.#month = month
    this.#book = { state: 'loading' }
    await this.load()
  }

  async load(): Promise<void> {
    const month = this.#month
    if (this.#book.state !== 'ready') this.#book = { state: 'loading' }
    const asked = this.#told.asked()
    const reply = await this.#client.getTeamSpend({ month })
    // an answer for a month no longer shown is dropped, and one asked before main's last change
    if (month === this.#month && this.#told.newest('book', asked)) this.#book = loaded(reply)
  }
}
