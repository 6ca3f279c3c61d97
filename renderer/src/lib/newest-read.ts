/**
 * The reads of one list, of which only the newest is shown (`RepliesAndEvents`). `read` starts one
 * and is done when the newest read asked is shown: this one, or one asked after it (a change's
 * event, another page) that overtook it. A state says what an action did after awaiting its read,
 * so the words never run ahead of the list on the screen ("The list holds 1,203 entries." beside
 * "3 entries").
 */
export class NewestRead {
  #reading: Promise<void> = Promise.resolve()

  async read(start: () => Promise<void>): Promise<void> {
    let mine = start()
    this.#reading = mine
    for (;;) {
      await mine
      if (this.#reading === mine) return
      mine = this.#reading
    }
  }
}
