import { parseArgs } from 'node:util'
import { startSandbox, type ArrivalOptions } from './index'
import { checkArrivals } from './server/arrivals'
import { errorMessage } from '../shared/error-message'

const usage = `Usage: npm run sandbox -- [--port N] [--profiles N] [--seed N] [--faults SPEC] [--credits N] [--token-ttl S] [--state FILE] [--arrivals SHARE[,DAYS]]
Prints one JSON line with the connection details (the fake Greenhouse and Lever's too, unless --no-ats), then serves on 127.0.0.1 until SIGINT/SIGTERM.`

function intOption(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`--${name} must be an integer in ${min}..${max}, got "${value}"`)
  }
  return n
}

/** `--arrivals 0.04` or `--arrivals 0.04,56`: the share of people who join the index later, over DAYS (default 56). */
function arrivalsOption(value: string | undefined): ArrivalOptions | undefined {
  if (value === undefined) return undefined
  const [share, days = '56', ...rest] = value.split(',')
  try {
    if (rest.length > 0 || share === undefined || share.trim() === '' || days.trim() === '') throw new Error()
    return checkArrivals({ share: Number(share), spreadDays: Number(days) })
  } catch {
    throw new Error(`--arrivals must be SHARE[,DAYS] with SHARE in 0..1 and DAYS 0 or more, got "${value}"`)
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      profiles: { type: 'string' },
      seed: { type: 'string' },
      faults: { type: 'string' },
      credits: { type: 'string' },
      'token-ttl': { type: 'string' },
      state: { type: 'string' },
      arrivals: { type: 'string' },
      'no-ats': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' }
    },
    strict: true
  })
  if (values.help) {
    console.log(usage)
    return
  }
  const sandbox = await startSandbox({
    port: intOption('port', values.port, 0, 65535),
    profiles: intOption('profiles', values.profiles, 1, 2_000_000),
    seed: intOption('seed', values.seed, -2147483648, 2147483647),
    faults: values.faults,
    credits: intOption('credits', values.credits, 0, 1_000_000_000),
    tokenTtlSeconds: intOption('token-ttl', values['token-ttl'], 1, 86_400),
    stateFile: values.state,
    arrivals: arrivalsOption(values.arrivals),
    ats: values['no-ats'] ? false : {}
  })
  const { profileCount: _count, close, reset: _reset, stateNote, catalog: _catalog, ats, ...line } = sandbox
  if (stateNote !== null) console.error(`[sandbox] ${stateNote}`)
  const atsLine =
    ats === null
      ? {}
      : {
          greenhouse: {
            baseUrl: ats.greenhouse.baseUrl,
            apiKey: ats.greenhouse.keys.full,
            readOnlyApiKey: ats.greenhouse.keys.readOnly,
            onBehalfOf: ats.greenhouse.userId
          },
          lever: {
            baseUrl: ats.lever.baseUrl,
            apiKey: ats.lever.keys.full,
            readOnlyApiKey: ats.lever.keys.readOnly,
            performAs: ats.lever.userId,
            // its OAuth app, for "Connect Lever with OAuth" (sandbox/ats/lever/lever-oauth.ts)
            oauth: {
              authUrl: ats.lever.oauth.authUrl,
              clientId: ats.lever.oauth.clientId,
              clientSecret: ats.lever.oauth.clientSecret
            }
          }
        }
  console.log(JSON.stringify({ ...line, ...atsLine }))
  let closing = false
  const stop = (signal: string): void => {
    if (closing) return
    closing = true
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`[sandbox] error while stopping on ${signal}:`, error)
        process.exit(1)
      }
    )
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error: unknown) => {
  const message = errorMessage(error)
  console.error(`[sandbox] ${message}\n${usage}`)
  process.exit(2)
})
