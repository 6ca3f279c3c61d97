/// <reference types="vite/client" />
/*
 * The main process's code, loaded in steps once the browser host's link is printed, the event loop
 * turning between them: the page's files, asked for meanwhile, are answered between two steps
 * instead of after all of them. Loading it in one go (one `require` of the compose chunk and all it
 * needs) held the host's main thread 300–500 ms of CPU at a time (the first-result bench's loop
 * monitor; issue #36 item 12). The steps are the contract's areas (shared/ipc/channels/*.ts) one
 * by one, then every folder of the main process that has an index (features, the store, the API
 * client…): each is a chunk of its own in the bundle, because it is imported here on its own
 * (Vite's import.meta.glob: electron-vite builds main with Vite). Node loads a module at once, so
 * a step is as long as what it loads first: the first area brings zod, the first feature that
 * calls a service brings undici (~60–130 ms each here, with or without Node 22's compile cache).
 * The lists are read from the folders: a new area or feature is a step of its own the day it is
 * added.
 */
import { nextTurn } from '../main/work/next-turn'

export type CodeStep = readonly [name: string, load: () => Promise<unknown>]

/** In the order they load: a step finds what the steps before it loaded. */
export const mainCodeSteps: readonly CodeStep[] = [
  ...Object.entries(import.meta.glob('../../shared/ipc/channels/*.ts')),
  ['the contract', () => import('../../shared/ipc/contract')],
  ...Object.entries(import.meta.glob('../main/*/index.ts'))
]

/** Loads each step in a turn of its own, the first too (not in the caller's turn). */
export async function loadMainCodeInSteps(
  steps: readonly CodeStep[] = mainCodeSteps,
  turn: () => Promise<void> = nextTurn
): Promise<void> {
  for (const [, load] of steps) {
    await turn()
    await load()
  }
}
