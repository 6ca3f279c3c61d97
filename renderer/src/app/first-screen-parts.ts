/*
 * What main.ts makes the app from, in one dynamic import (one request, not three: each dynamic
 * import of a module in the first-screen chunk is a small file of its own for the page to fetch,
 * and the first screen's requests go six at a time to the browser host).
 */
export { createClient } from '../lib/client'
export { AppState } from './app-state.svelte'
export { default as App } from './App.svelte'
