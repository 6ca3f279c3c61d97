/**
 * The contract's schemas are built as its modules run: every channel's input and output, ~60–90 ms
 * of CPU for all of them at once, which made the page's longest task at start (the first-result
 * bench's trace: one `v8.evaluateModule` of the contract's whole graph, mostly zod building
 * schemas). Here the areas of the contract (shared/ipc/channels/*.ts) run in five tasks, a few
 * areas each by the first letter of their names (contract-steps/areas-*.ts: every area is in one,
 * a new one too), one after another, before anything imports the contract itself, which then has
 * nothing left to build but its lists. Five steps, not one per area: each dynamic import is a file
 * of its own for the page to fetch, and the first screen's ~70 requests went six at a time to the
 * browser host, its login waiting behind them. Their code is fetched with the entry
 * (scripts/build/preload-first-screen.ts).
 */
const areas = import.meta.glob('./contract-steps/areas-*.ts')

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

export async function runContractInSteps(): Promise<void> {
  for (const load of Object.values(areas)) {
    await load()
    await nextTask()
  }
}
