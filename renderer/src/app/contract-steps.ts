/**
 * The contract's schemas are built as its modules run: every channel's input and output, ~60–90 ms
 * of CPU for all of them at once, which made the page's longest task at start (the first-result
 * bench's trace: one `v8.evaluateModule` of the contract's whole graph, mostly zod building
 * schemas). Here the areas of the contract (shared/ipc/channels/*.ts) run one per task, before
 * anything imports the contract itself, which then has nothing left to build but its lists. The
 * steps come from `virtual:contract-steps` (scripts/build/contract-steps.ts): every area, a new
 * one too, each after the areas it imports, so that a step builds one area's own schemas (1–8 ms
 * of CPU each in the trace; the first pays for zod's first use). Eight steps of a few areas each,
 * by first letter, were 12–29 ms each, and the Long Tasks API saw them at 50–95 ms when the
 * browser's own start held the other core. Each step's file is a few bytes, fetched with the
 * entry (scripts/build/preload-first-screen.ts).
 */
import { nextTask } from '../lib/next-task'

/** Runs each step in a task of its own, the first too (not in the caller's task). */
export async function runContractInSteps(
  steps: ReadonlyArray<() => Promise<unknown>>,
  yieldTask: () => Promise<void> = nextTask
): Promise<void> {
  for (const load of steps) {
    await yieldTask()
    await load()
  }
}
