import { mount } from 'svelte'
import BridgeFailure from '../components/BridgeFailure.svelte'
import type { Client } from '../lib/client'
import App from './App.svelte'
import { AppState } from './app-state.svelte'

/** The app on the page: its state, what the first screen needs asked for, and the shell mounted. */
export function startApp(target: HTMLElement, client: Client): void {
  const app = new AppState(client)
  app.start()
  mount(App, { target, props: { app } })
}

/** Why the page could not reach Talent Desk, in place of the app. */
export function showBridgeFailure(target: HTMLElement, message: string): void {
  mount(BridgeFailure, { target, props: { message } })
}
