// first: zod must be jitless before any schema is built (see zod-config.ts)
import './zod-config'
import { mount } from 'svelte'
import BridgeFailure from './components/BridgeFailure.svelte'
import { connectBridge } from './bridge'
import { runContractInSteps } from './app/contract-steps'
import { contractSteps } from 'virtual:contract-steps'
import { nextTask } from './lib/next-task'
import { warmFormats } from './lib/format'
import { errorMessage } from '../../shared/error-message'
import './styles/app.css'

// The first screen's code is fetched with the entry, in one round (scripts/build/preload-first-screen.ts),
// and runs in several tasks instead of one (all of it in the page's first task made its longest,
// ~90 ms: the first-result bench's trace): the contract's areas one by one, then the client, the
// app's frame, the Search screen and the states it is given (App.svelte's `views.search`, which
// then finds them here). The login goes out meanwhile, and a worker makes the number and date
// formats (the page's first Intl object cost ~20–60 ms of its main thread: format.ts).
const formats = warmFormats()
const contract = runContractInSteps(contractSteps)
const bridge = connectBridge(contract)
const parts = contract.then(() => import('./app/first-screen-parts'))
void parts.then(() =>
  Promise.all([
    import('./sections/search/SearchScreen.svelte'),
    import('./sections/search/search-state.svelte'),
    import('./components/export/export-state.svelte'),
    import('./components/watches/watches-state.svelte')
  ]).catch(() => undefined)
)

const target = document.getElementById('app')!
try {
  const [connected, { createClient, AppState, App }] = await Promise.all([bridge, parts, formats])
  // the app's states in a task of their own, not in the task of whichever of the three came last
  await nextTask()
  const app = new AppState(createClient(connected))
  // what runs from the start: the first screen's needs, then the rest (each section's code loads when it opens)
  app.start()
  // the frame in a task of its own, and the Search screen in one after it (App.svelte's `views`):
  // all of it in one task was the page's longest before the first row (~110 ms of CPU in the trace)
  await nextTask()
  mount(App, { target, props: { app } })
} catch (error) {
  mount(BridgeFailure, { target, props: { message: errorMessage(error) } })
}
