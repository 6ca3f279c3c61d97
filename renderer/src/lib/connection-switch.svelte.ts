import { untrack } from 'svelte'

/**
 * Runs `reset` when the recruiter switches connection (`generation` reads the connections
 * state's counter): what a screen shows belongs to the connection it was read from. Call it while
 * a component initialises (it sets up an effect).
 */
export function onConnectionSwitch(generation: () => number, reset: () => void): void {
  let seen = untrack(generation)
  $effect(() => {
    const now = generation()
    if (now === seen) return
    seen = now
    untrack(reset)
  })
}
