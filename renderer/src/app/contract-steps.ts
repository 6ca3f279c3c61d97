/**
 * The contract's schemas are built as its modules run: every channel's input and output, ~60–90 ms
 * of CPU for all of them at once, which made the page's longest task at start (the first-result
 * bench's trace: one `v8.evaluateModule` of the contract's whole graph, mostly zod building
 * schemas). Here the areas of the contract (shared/ipc/channels/*.ts) run in eight tasks, a few
 * areas each by the first letters of their names (contract-steps/areas-*.ts: every area is in one,
 * a new one too), one after another, before anything imports the contract itself, which then has
 * nothing left to build but its lists. The steps part the costly areas (the trace of one area a
 * step: team, tools, contacts ~15–25 ms each, most others under 5 ms) so that none is long, and
 * the first waits for a task of its own: with five steps by first letter the first (a–c: app,
 * budgets, chat, connections, contacts) ran in the entry's own task, after the entry's evaluation,
 * and made the page's longest task before the first row (~100 ms, ~75 ms of it CPU; issue #36
 * item 12). The first step is app's alone: whichever runs first pays for zod's first use (its code
 * compiled as it first runs, half of the a–b step's 20–34 ms with the V8 sampler), and ats-send
 * brings in the search and profile schemas; chat and contacts are apart for the same reason (c was
 * 15–36 ms). Eight steps, not one per area: each dynamic import is a file of its own for the page
 * to fetch, and the first screen's ~70 requests went six at a time to the browser host, its login
 * waiting behind them (first-screen-preload.e2e.ts counts them). Their code is fetched with the
 * entry (scripts/build/preload-first-screen.ts).
 */
import { nextTask } from '../lib/next-task'

const areas = import.meta.glob('./contract-steps/areas-*.ts')

/** Runs each step in a task of its own, the first too (not in the caller's task). */
export async function runContractInSteps(
  steps: ReadonlyArray<() => Promise<unknown>> = Object.values(areas),
  yieldTask: () => Promise<void> = nextTask
): Promise<void> {
  for (const load of steps) {
    await yieldTask()
    await load()
  }
}
