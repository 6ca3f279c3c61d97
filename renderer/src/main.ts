// first: zod must be jitless before any schema is built (see zod-config.ts)
import './zod-config'
import { connectBridge } from './bridge'
import { createClient } from './lib/client'
import { errorMessage } from '../../shared/error-message'
import './styles/app.css'

const target = document.getElementById('app')!
// The shell (Svelte, the app's state, the header and rail) is a chunk of its own, asked for at once
// and evaluated in a task after this one: evaluating it with the contract's schemas in one module
// graph was the page's longest task at start (~55 ms of CPU, more on a busy machine).
const shell = import('./app/start')
try {
  const client = createClient(await connectBridge())
  ;(await shell).startApp(target, client)
} catch (error) {
  ;(await shell).showBridgeFailure(target, errorMessage(error))
}
