// first: zod must be jitless before any schema is built (see zod-config.ts)
import './zod-config'
import { mount } from 'svelte'
import App from './app/App.svelte'
import BridgeFailure from './components/BridgeFailure.svelte'
import { connectBridge } from './bridge'
import { AppState } from './app/app-state.svelte'
import { createClient } from './lib/client'
import { errorMessage } from '../../shared/error-message'
import './styles/app.css'

const target = document.getElementById('app')!
try {
  const client = createClient(await connectBridge())
  const app = new AppState(client)
  // what runs from the start: the first screen's needs, then the rest (each section's code loads when it opens)
  app.start()
  mount(App, { target, props: { app } })
} catch (error) {
  mount(BridgeFailure, { target, props: { message: errorMessage(error) } })
}
