// Runs a TypeScript worker entry from source (the browser host and tests run under tsx; the
// Electron build bundles the worker instead). workerData.entry is the file URL of the .ts entry.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
