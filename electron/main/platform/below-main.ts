import { yieldCpuToMain } from './background-thread'

// A background worker's entry imports this first: everything after it, the loading of the
// worker's own code included, already runs below main's priority (background-thread.ts).
yieldCpuToMain()
