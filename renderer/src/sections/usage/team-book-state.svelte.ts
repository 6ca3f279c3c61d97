import type { TeamSpendBook } from '../../../../shared/ipc/channels/team-spend'
import type { Client } from '../../lib/client'
import { loaded, type Load } from '../../lib/load'

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

  constructor(client: Client) {
    this.#client = client
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
    const reply = await this.#client.getTeamSpend({ month })
    // an answer for a month no longer shown is dropped
    if (month === this.#month) this.#book = loaded(reply)
  }
}
