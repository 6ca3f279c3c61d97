/** Newer reads an action waits for at most: the change's own event asks one. */
const FOLLOWED = 4

/**
 * The reads of one list, of which only the newest is shown (`RepliesAndEvents`). `read` starts one
 * and is done when the newest read asked is shown: this one, or one asked after it (a change's
 * event, another page) that overtook it. A state says what an action did after awaiting its read,
 * so the words never run ahead of the list on the screen ("The list holds 1,203 entries." beside
 * "3 entries").
 */
export class NewestRead {
  #reading: Promise<void> = Promise.resolve()

  /**
   * Starts a read; done when it, or the newest read asked after it, is shown. It follows at most
   * FOLLOWED newer reads (changes told one after another, an ATS pull's pages, would keep an action
   * waiting), and a newer read that fails is that read's to show, not this one's to throw.
   */
  async read(start: () => Promise<void>): Promise<void> {
    const mine = start()
    this.#reading = mine
    await mine
    let shown = mine
    for (let followed = 0; this.#reading !== shown && followed < FOLLOWED; followed += 1) {
      shown = this.#reading
      await shown.catch(() => undefined)
    }
  }
}

