import type { Load } from './load'

/*
 * A panel that shows what it asked main for reads it the first time it is shown, and its form
 * starts from what is saved. Both are effects of the component that calls these (call them while
 * it is made, as a `$effect` would be written there).
 */

/** Reads it (`load`) while it has not been asked for yet (`idle`): once, not again after an answer or a failure. */
export function loadOnce(current: () => Load<unknown>, load: () => unknown): void {
  $effect(() => {
    if (current().state === 'idle') void load()
  })
}

/**
 * Runs `fill` once, the first time the value is ready: the form's fields start from what is saved
 * and are not overwritten as it is saved again. `filled` says whether it has run (read it where an
 * effect must wait for the fields; it is not itself a cause).
 */
export function fillOnce<T>(current: () => Load<T>, fill: (value: T) => void): { readonly filled: boolean } {
  let filled = false
  $effect(() => {
    const loaded = current()
    if (filled || loaded.state !== 'ready') return
    filled = true
    fill(loaded.value)
  })
  return {
    get filled() {
      return filled
    }
  }
}
