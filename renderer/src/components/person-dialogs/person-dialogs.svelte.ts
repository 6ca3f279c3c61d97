import type { SpentFor } from '../../../../shared/ipc/channels/budgets'

/** A person as the dialogs name them. */
export interface NamedPerson {
  key: string
  name: string
}

/** Buying contacts: whom (with what the screen holds of them, for the quote) and whose budgets pay. */
export interface Buying {
  people: Array<NamedPerson & { profile?: unknown }>
  spentFor: SpentFor
}

/** Adding people to a shortlist: their profiles, how the dialog names them, and their keys for the screen's marks. */
export interface Adding {
  profiles: unknown[]
  label: string
  keys?: string[]
}

/**
 * The person dialogs a screen opens from its people (Search, Shortlists, Chat): buying their
 * contacts, one person's personal data (what is held, a copy, forgetting them), forgetting the
 * ticked people, adding them to a shortlist. PersonDialogs.svelte shows what is open here.
 */
export class PersonDialogsState {
  #buying = $state.raw<Buying | null>(null)
  #personalData = $state.raw<NamedPerson | null>(null)
  #forgetting = $state.raw<NamedPerson[] | null>(null)
  #adding = $state.raw<Adding | null>(null)

  get buying(): Buying | null {
    return this.#buying
  }
  get personalData(): NamedPerson | null {
    return this.#personalData
  }
  get forgetting(): NamedPerson[] | null {
    return this.#forgetting
  }
  get adding(): Adding | null {
    return this.#adding
  }

  /** Buy contacts for these people (no one: nothing opens). */
  buy(people: Buying['people'], spentFor: SpentFor): void {
    if (people.length > 0) this.#buying = { people, spentFor }
  }

  showPersonalData(person: NamedPerson): void {
    this.#personalData = person
  }

  /** Forget these people, after the dialog's confirmation (no one: nothing opens). */
  forget(people: NamedPerson[]): void {
    if (people.length > 0) this.#forgetting = people
  }

  add(adding: Adding): void {
    this.#adding = adding
  }

  closeBuying(): void {
    this.#buying = null
  }
  closePersonalData(): void {
    this.#personalData = null
  }
  closeForgetting(): void {
    this.#forgetting = null
  }
  closeAdding(): void {
    this.#adding = null
  }
}
