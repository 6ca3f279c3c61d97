// first: zod must be jitless before any schema is built (see zod-config.ts)
import './zod-config'
import { mount } from 'svelte'
import App from './App.svelte'
import BridgeFailure from './components/BridgeFailure.svelte'
import { connectBridge } from './bridge'
import { AppState } from './lib/app-state.svelte'
import { createClient } from './lib/client'
import { errorMessage } from '../../shared/error-message'
import './styles/app.css'

const target = document.getElementById('app')!
try {
  const client = createClient(await connectBridge())
  const app = new AppState(client)
  void app.loadKeychain()
  void app.connections.load()
  // jobs still running since the last time are followed by main; the page shows them at once
  void app.refresh.load()
  // the unread count shows in the rail from the start; watches hold on battery where asked
  void app.watches.load()
  void app.watches.notifyMissed()
  void app.watches.reportPower()
  mount(App, { target, props: { app } })
} catch (error) {
  mount(BridgeFailure, { target, props: { message: errorMessage(error) } })
}
