import { z } from 'zod'

/*
 * Imported first by main.ts, before any module that builds a schema. Without it zod 4 probes for
 * `new Function` when its first object schema is built (to compile fast parsers): the app's CSP
 * refuses it, and Chromium reports a script-src violation at every start even though zod catches
 * the error. Jitless, zod never tries; it parses exactly as it does when the probe fails.
 */
z.config({ jitless: true })
