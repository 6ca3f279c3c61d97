/**
 * The contract's schemas are built as its modules run: every channel's input and output, ~60–90 ms
 * of CPU for all of them at once, which made the page's longest task at start (the first-result
 * bench's trace: one `v8.evaluateModule` of the contract's whole graph, mostly zod building
 * schemas). Here each area of the contract (shared/ipc/channels/*.ts) runs in a task of its own,
 * one after another, before anything imports the contract itself, which then has nothing left to
 * build but its lists. The areas' code is fetched with the entry (scripts/build/preload-first-screen.ts).
 */
const areas = import.meta.glob('../../../shared/ipc/channels/*.ts')

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

export async function runContractInSteps(): Promise<void> {
  for (const load of Object.values(areas)) {
    await load()
    await nextTask()
  }
}
