import Database from 'better-sqlite3'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import v8 from 'node:v8'
import vm from 'node:vm'
import { Worker } from 'node:worker_threads'
import { Agent, type Dispatcher } from 'undici'
import { afterAll, describe, expect, it } from 'vitest'
import { ApiError } from '../../../electron/main/api/api-error'
import { PartnerClient } from '../../../electron/main/api/partner-client'
import { Random } from '../../../sandbox/data/random'
import { FaultInjector } from '../../../sandbox/faults/injector'
import { parseFaultSpec } from '../../../sandbox/faults/spec'
import type { SandboxState } from '../../../sandbox/server/state-file'
import { refreshHandleOf } from '../../../shared/api'
import { toolQuoteRequiredSchema } from '../../../shared/ipc/channels/tools'
import { defaultQueryNames } from '../../../shared/ipc/channels/connections'
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../shared/ipc/contract'
import { errorCodes, type IpcResult } from '../../../shared/ipc/errors'
import { testCatalog, testProfileCount, testSeed } from '../sandbox/helpers'
import { startMain, type TestMain } from '../services/helpers'
import type { SandboxThreadData, SandboxThreadEndpoints } from './sandbox-thread'

/*
 * Issue 11, item 4: 2,000 client calls against a sandbox that answers about one request in five
 * with a fault (500, 503, 429, invalid JSON, a body cut in half, a dropped connection, or a
 * latency past the client's time limit), across every operation — Match Profiles, Conversational
 * Search, contacts New / Polling / Existing, refresh start and status (and the job data behind
 * them), Get Api Transaction Data, the token exchange and the tool server's list and call.
 * Every call must end in data or a typed error, nothing may reject unhandled, no credit may be
 * spent twice (the app's ledger equals the sandbox's purchases), no refresh job may be started
 * twice (one sandbox job per client jobId), and the app's heap must stay flat.
 *
 * Short timings keep it well under a minute on two cores: the sandbox adds 0–5 ms, a stall holds
 * an answer 1.5 s, the client's time limits are 250 ms (0.5–1 s in effect), retries wait 5–20 ms,
 * lookups and jobs finish in tens of ms. The sandbox runs in a worker thread, so the heap
 * measured is the app's alone.
 */

const CALLS = 2000
const CONCURRENCY = 12
/**
 * The client's time limits. undici checks them on a ~0.5 s tick, so they fire 0.5–1 s after the
 * last byte; a stalled answer (held back STALL_MS) always comes later than that.
 */
const TIME_LIMIT_MS = 250
const STALL_MS = 1_500
/** One request in five: 16 % answered with a fault, 4 % stalled past the client's time limit. */
const FAULTS = [
  '500=0.03',
  '503=0.025',
  '429=0.03',
  'malformed=0.025',
  'truncated=0.025',
  'drop=0.025',
  'stall=0.04',
  `stallMs=${STALL_MS}`,
  'latency=0-5',
  'retryAfter=0',
  'seed=11',
  'oauth=1',
  'mcp=1'
].join(',')
/** Low enough that purchases run out late in the soak: a 402 is one of the outcomes too. */
const CREDITS = 350

const operations = [
  'matchProfiles',
  'conversationalSearch',
  'contactsNew',
  'contactsPolling',
  'contactsExisting',
  'refreshStart',
  'refreshStatus',
  'transactions',
  'toolsList',
  'toolsCall',
  'localReads'
] as const
type Operation = (typeof operations)[number]
const weights: Record<Operation, number> = {
  matchProfiles: 17,
  conversationalSearch: 12,
  contactsNew: 16,
  contactsPolling: 6,
  contactsExisting: 4,
  refreshStart: 4,
  refreshStatus: 7,
  transactions: 8,
  toolsList: 6,
  toolsCall: 12,
  localReads: 8
}

const utterances = [
  'senior backend engineers in Berlin',
  'nurses in Texas',
  'only those with python',
  'data scientists at large companies',
  'show me more senior people',
  'product managers in London',
  'remove the location',
  'java developers open to switch'
]

interface SandboxThread {
  endpoints: SandboxThreadEndpoints
  /** Stops it; answers the state it saved. */
  close(): Promise<SandboxState>
}

async function startSandboxThread(options: SandboxThreadData['options'], stateFile: string): Promise<SandboxThread> {
  const data: SandboxThreadData = {
    entry: new URL('./sandbox-thread.ts', import.meta.url).href,
    options: { ...options, stateFile }
  }
  const worker = new Worker(new URL('../../../electron/main/embedded-api/tsx-worker.mjs', import.meta.url), {
    workerData: data
  })
  const endpoints = await new Promise<SandboxThreadEndpoints>((resolve, reject) => {
    worker.once('error', reject)
    worker.once('message', (message: { type: string; endpoints: SandboxThreadEndpoints }) => resolve(message.endpoints))
  })
  return {
    endpoints,
    async close() {
      await new Promise<void>((resolve, reject) => {
        worker.once('message', (message: { error?: string }) =>
          message.error ? reject(new Error(message.error)) : resolve()
        )
        worker.postMessage({ type: 'close' })
      })
      await worker.terminate()
      return JSON.parse(readFileSync(stateFile, 'utf8')) as SandboxState
    }
  }
}

/** A full collection, then the heap in use (MB). */
function heapAfterGc(): number {
  v8.setFlagsFromString('--expose-gc')
  const gc = vm.runInNewContext('gc') as () => void
  gc()
  gc()
  return process.memoryUsage().heapUsed / 1024 / 1024
}

const folders: string[] = []
/** What a failed run leaves open is closed all the same (each once). */
const closers: Array<() => Promise<unknown> | void> = []
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await Promise.resolve(close()).catch(() => undefined)
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})
const once = <T>(run: () => Promise<T>): (() => Promise<T>) => {
  let done: Promise<T> | undefined
  return () => (done ??= run())
}

describe('fault soak', () => {
  it(
    `${CALLS} calls with ~20% injected faults: data or a typed error, no double spend or second job, a flat heap`,
    { timeout: 120_000 },
    async () => {
      const started = performance.now()
      const unhandled: unknown[] = []
      const onUnhandled = (reason: unknown) => unhandled.push(reason)
      process.on('unhandledRejection', onUnhandled)
      closers.push(() => void process.off('unhandledRejection', onUnhandled))

      // In memory where the machine has it: the store commits with fsync, which on a shared CI disk
      // would measure the disk, not the app.
      const folder = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'td-soak-'))
      folders.push(folder)
      const sandbox = await startSandboxThread(
        {
          seed: testSeed,
          profiles: testProfileCount,
          faults: FAULTS,
          credits: CREDITS,
          contactTiming: { startAfterMs: 5, completeAfterMs: 25, failureShare: 0.1 },
          refreshTiming: { queueMs: 5, perHandleMs: 3 }
        },
        join(folder, 'sandbox-state.json')
      )
      const closeSandbox = once(() => sandbox.close())
      closers.push(closeSandbox)
      const { endpoints } = sandbox

      // Every HTTP request the app (and the direct client below) sends goes through this
      // dispatcher: counted, so the sandbox's seeded fault sequence can be replayed afterwards.
      let requestsSent = 0
      const agent = new Agent({ keepAliveTimeout: 30_000, connections: 16, connect: { timeout: 2_000 } })
      closers.push(once(() => agent.close()))
      const dispatcher: Dispatcher = agent.compose((dispatch) => (options, handler) => {
        requestsSent += 1
        return dispatch(options, handler)
      })

      const main: TestMain = await startMain({
        dataDir: join(folder, 'app'),
        loadKeytar: () => {
          throw new Error('libsecret-1.so.0: cannot open shared object file')
        },
        http: {
          dispatcher,
          timeouts: { headersMs: TIME_LIMIT_MS, bodyMs: TIME_LIMIT_MS },
          retry: { retries: 3, minTimeoutMs: 5, maxTimeoutMs: 20, maxRetryAfterMs: 1_000 }
        },
        toolServer: { callTimeoutMs: TIME_LIMIT_MS, listRetryMinMs: 5 },
        contactPolling: { firstMs: 10, factor: 1.5, maxMs: 30, limitMs: 3_000 },
        refreshPolling: { firstMs: 10, factor: 1.5, maxMs: 60 },
        // the soak is about faults, not pace: a fifth of the answers are faults, many of them 503s
        // and time-outs, which the pace (tested in pace.test.ts and its bench) would rightly slow
        // to a crawl; here it starts untimed and never drops below 200 calls a second
        pace: { ceiling: 1000, tuning: { startRate: 1000, floorRate: 200 } }
      })
      const closeMain = once(() => main.close())
      closers.push(closeMain)
      const overview = await main.ok('saveConnection', {
        name: 'Soak',
        baseUrl: endpoints.baseUrl,
        authUrl: endpoints.authUrl,
        mcpUrl: endpoints.mcpUrl,
        clientId: endpoints.clientId
      })
      const connectionId = overview.connections.find((c) => c.name === 'Soak')!.id
      await main.ok('setSecret', { connectionId, kind: 'apiKey', value: endpoints.apiKey, sessionOnly: true })
      await main.ok('setSecret', {
        connectionId,
        kind: 'clientSecret',
        value: endpoints.clientSecret,
        sessionOnly: true
      })
      await main.ok('setActiveConnection', { id: connectionId })
      // Existing is not asked for by any screen: the app's client is called for it directly.
      const direct = new PartnerClient({
        connectionId: 'soak-direct',
        baseUrl: endpoints.baseUrl,
        apiKey: async () => endpoints.apiKey,
        dispatcher,
        queryNames: defaultQueryNames,
        timeouts: { headersMs: TIME_LIMIT_MS, bodyMs: TIME_LIMIT_MS },
        retry: { retries: 3, minTimeoutMs: 5, maxTimeoutMs: 20, maxRetryAfterMs: 1_000 }
      })

      // The same people the sandbox thread generated (same count and seed).
      const people = testCatalog().search({}, { limit: 400, offset: 0 }).results
      const keys = people.slice(0, 260).map((p) => p.key!)
      const handles = people.map((p) => refreshHandleOf(p as Record<string, unknown>)).filter((h): h is string => !!h)

      const random = new Random(20260302)
      const plan: Operation[] = Array.from({ length: CALLS }, () =>
        random.weighted(
          operations,
          operations.map((op) => weights[op])
        )
      )
      const outcomes = new Map<Operation, Map<string, number>>(operations.map((op) => [op, new Map()]))
      const untyped: Array<{ op: Operation; detail: string }> = []
      /** Why tool calls and lists found no tool server: a dropped connection, never a session closed under them. */
      const toolNetwork = new Map<string, number>()
      const conversations: string[] = []
      const jobs: string[] = []
      const bought = new Set<string>()
      let requestSeq = 0
      const requestId = (op: string) => `soak-${op}-${String(++requestSeq).padStart(6, '0')}`

      const note = (op: Operation, outcome: string) => {
        const counts = outcomes.get(op)!
        counts.set(outcome, (counts.get(outcome) ?? 0) + 1)
      }
      const reply = <T>(op: Operation, result: IpcResult<T>, okAs = 'ok'): T | null => {
        if (result.ok) {
          note(op, okAs)
          return result.data
        }
        const { code } = result.error
        if ((op === 'toolsCall' || op === 'toolsList') && code === 'network') {
          const what = `${op}: ${result.error.message.replace(/http:\/\/127\.0\.0\.1:\d+/, 'the sandbox')}`
          toolNetwork.set(what, (toolNetwork.get(what) ?? 0) + 1)
        }
        if (!(errorCodes as readonly string[]).includes(code) || code === 'internal') {
          untyped.push({ op, detail: `${code}: ${result.error.message} ${JSON.stringify(result.error.details)}` })
        }
        note(op, code)
        return null
      }
      const call = <K extends ChannelName>(op: Operation, channel: K, input: ChannelInput<K>) =>
        main.call(channel, input).then((result) => reply<ChannelOutput<K>>(op, result))

      async function run(op: Operation, rnd: Random): Promise<void> {
        switch (op) {
          case 'matchProfiles': {
            const person = rnd.pick(people)
            const request = rnd.pick([
              { name: person.full_name ?? 'Ada' },
              { key: person.key! },
              { company: person.cur_company ?? 'Acme', title: person.cur_title ?? 'Engineer' },
              { name: 'Nobody Matches This Name' }
            ])
            await call(op, 'searchProfiles', {
              requestId: requestId(op),
              request,
              options: { maxNumberOfResults: rnd.int(1, 10), emailLookupEnabled: false }
            })
            return
          }
          case 'conversationalSearch': {
            const conversationId = conversations.length > 0 && rnd.chance(0.5) ? rnd.pick(conversations) : undefined
            const sent = await call(op, 'sendChat', {
              ...(conversationId === undefined ? {} : { conversationId }),
              text: rnd.pick(utterances),
              requestId: requestId(op)
            })
            if (sent !== null && conversationId === undefined) conversations.push(sent.conversation.id)
            return
          }
          case 'contactsNew':
          case 'contactsPolling': {
            const contactType = rnd.chance(0.6) ? 'Email' : 'Phone'
            const known = [...bought].filter((k) => k.startsWith(`${contactType}:`)).map((k) => k.slice(6))
            const chosen =
              op === 'contactsPolling' && known.length > 0
                ? rnd.sample(known, rnd.int(1, 3))
                : rnd.sample(keys, rnd.int(1, 4))
            const quote = await main.call('quoteContacts', { keys: chosen, contactType })
            if (!quote.ok) {
              reply(op, quote)
              return
            }
            const result = await main.call('buyContacts', { quoteId: quote.data.quoteId, requestId: requestId(op) })
            // a purchase answers how it went: bought, nothing new to buy, or New unanswered (not sent again)
            const purchase = reply(op, result, result.ok ? `ok (${result.data.outcome})` : undefined)
            for (const status of purchase?.statuses ?? [])
              if (status.status !== null) bought.add(`${contactType}:${status.key}`)
            return
          }
          case 'contactsExisting': {
            const contactType = rnd.chance(0.6) ? 'Email' : 'Phone'
            try {
              await direct.getPremiumContacts(rnd.sample(keys, rnd.int(1, 5)), contactType, 'Existing')
              note(op, 'ok')
            } catch (error) {
              if (error instanceof ApiError) note(op, error.code)
              else {
                untyped.push({ op, detail: String(error) })
                note(op, 'untyped')
              }
            }
            return
          }
          case 'refreshStart': {
            const chosen = rnd.sample(handles, rnd.int(1, 4))
            if (rnd.chance(0.1)) chosen.push('no-such-handle-anywhere')
            const job = await call(op, 'startRefresh', {
              handles: chosen,
              options: { batchSize: rnd.int(1, 3), maxConcurrency: rnd.int(1, 2), saveToStorage: true }
            })
            if (job !== null) jobs.push(job.jobId)
            return
          }
          case 'refreshStatus': {
            if (jobs.length === 0) {
              await call(op, 'listRefreshJobs', {})
              return
            }
            const jobId = rnd.pick(jobs)
            await call(op, rnd.chance(0.7) ? 'checkRefreshJob' : 'getRefreshJob', { jobId })
            return
          }
          case 'transactions':
            await call(op, 'listTransactions', {
              limit: rnd.int(1, 50),
              ...(rnd.chance(0.3) ? { type: rnd.pick(['MatchProfiles', 'GetPremiumContacts', 'RefreshProfiles']) } : {})
            })
            return
          case 'toolsList':
            await call(op, 'listTools', rnd.chance(0.3) ? { reload: true } : {})
            return
          case 'toolsCall': {
            const which = rnd.int(0, 2)
            const tool = {
              name: which === 2 ? 'contacts' : 'search',
              // contacts: only the balance — a tool-server lookup would spend outside the app's ledger
              arguments: which === 2 ? { action: 'credits' } : { query: rnd.pick(utterances), limit: rnd.int(1, 5) }
            }
            const asked = await main.call('callTool', { ...tool, requestId: requestId(op) })
            // a tool on a server other than the built-in Sandbox is sent once its quote is
            // confirmed, as the Tools screen's dialog does
            const quote =
              !asked.ok && asked.error.code === 'conflict'
                ? toolQuoteRequiredSchema.safeParse(asked.error.details)
                : null
            if (quote?.success)
              await call(op, 'callTool', { ...tool, requestId: requestId(op), quoteId: quote.data.quote.quoteId })
            else reply(op, asked)
            return
          }
          case 'localReads': {
            const which = rnd.int(0, 3)
            if (which === 0) await call(op, 'getCredits', {})
            else if (which === 1) await call(op, 'listLedger', { limit: 50 })
            else if (which === 2) await call(op, 'listBoughtContacts', {})
            else await call(op, 'listCallLog', { limit: 50 })
            return
          }
        }
      }

      // Each call has its own seeded stream (its inputs do not depend on the interleaving), and
      // a hang guard: a call that never ends is a defect too.
      const heap: Record<number, number> = {}
      let completed = 0
      let next = 0
      const hangs: Operation[] = []
      const durations = new Map<Operation, number[]>(operations.map((op) => [op, []]))
      const worker = async () => {
        while (next < CALLS) {
          const index = next++
          const op = plan[index]!
          let timer: NodeJS.Timeout | undefined
          const hang = new Promise<'hang'>((resolve) => {
            timer = setTimeout(() => resolve('hang'), 15_000)
          })
          const began = performance.now()
          const ended = await Promise.race([run(op, new Random(index + 1)).then(() => 'done' as const), hang])
          clearTimeout(timer)
          const took = durations.get(op)!
          took.push(performance.now() - began)
          if (ended === 'hang') hangs.push(op)
          completed += 1
          if (completed === 500 || completed === 1000 || completed === 1500) heap[completed] = appHeap()
        }
      }
      // The harness keeps every event and log record the app emitted: dropped before each
      // reading, so what is measured is what the app holds.
      const appHeap = () => {
        main.events.length = 0
        main.logs.length = 0
        return heapAfterGc()
      }
      heap[0] = appHeap()
      await Promise.all(Array.from({ length: CONCURRENCY }, worker))
      heap[CALLS] = appHeap()
      const callsDoneMs = performance.now() - started

      // Every job the app started is followed to its end in the background (starts re-sent with
      // the same jobId, statuses polled, data read).
      const deadline = Date.now() + 30_000
      let following: number
      for (;;) {
        const listed = await main.ok('listRefreshJobs', {})
        following = listed.jobs.filter((j) => j.tracking === 'starting' || j.tracking === 'following').length
        if (following === 0 || Date.now() > deadline) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }

      // A purchase whose New went unanswered and whose polling failed too stays uncertain. The
      // recruiter buys those people again: the app asks the service first (Polling, free) which
      // of them it sold, and sends New only for the others (bought if credits remain, else refused).
      const ledgerDb = () => new Database(join(main.dataDir, 'talent-desk.sqlite'), { readonly: true })
      const uncertain = () => {
        const db = ledgerDb()
        try {
          return db
            .prepare(
              `SELECT DISTINCT l.contact_type AS type, k.value AS key FROM credit_ledger l, json_each(l.keys_json) k
                WHERE l.outcome = 'unknown' AND NOT EXISTS (SELECT 1 FROM contact_purchases p
                  WHERE p.contact_type = l.contact_type AND p.profile_key = k.value)`
            )
            .all() as Array<{ type: 'Email' | 'Phone'; key: string }>
        } finally {
          db.close()
        }
      }
      const uncertainAfterCalls = uncertain().length
      let settleRounds = 0
      let settling = uncertainAfterCalls + 1
      for (let round = 0; round < 5; round++) {
        const open = uncertain()
        // done when nothing is left, or when what is left was never sold and no credits remain to buy it
        if (open.length === 0 || open.length === settling) break
        settling = open.length
        settleRounds += 1
        for (const type of ['Email', 'Phone'] as const) {
          const forType = open.filter((o) => o.type === type).map((o) => o.key)
          for (let i = 0; i < forType.length; i += 100) {
            const quote = await main.ok('quoteContacts', { keys: forType.slice(i, i + 100), contactType: type })
            await main.call('buyContacts', { quoteId: quote.quoteId, requestId: requestId('settle') })
          }
        }
      }
      const uncertainLeft = uncertain()

      await closeMain()
      const state = await closeSandbox()
      process.off('unhandledRejection', onUnhandled)

      const db = ledgerDb()
      const appPurchases = (
        db.prepare('SELECT contact_type, profile_key FROM contact_purchases').all() as Array<{
          contact_type: string
          profile_key: string
        }>
      ).map((row) => `${row.contact_type}:${row.profile_key}`)
      const ledger = db.prepare('SELECT outcome, credits_spent, keys_json FROM credit_ledger').all() as Array<{
        outcome: string
        credits_spent: number | null
        keys_json: string
      }>
      // people whose purchase got no answer, found sold afterwards (by its own polling or a later check)
      const { n: soldUnanswered } = db
        .prepare(
          `SELECT COUNT(*) AS n FROM contact_purchases p JOIN credit_ledger l ON l.id = p.ledger_id
            WHERE l.outcome = 'unknown'`
        )
        .get() as { n: number }
      const appJobs = db.prepare('SELECT job_id, tracking FROM refresh_jobs').all() as Array<{
        job_id: string
        tracking: string
      }>
      const apiLog = db
        .prepare(`SELECT COALESCE(error_code, 'ok') AS outcome, COUNT(*) AS n FROM api_log GROUP BY 1 ORDER BY 2 DESC`)
        .all() as Array<{ outcome: string; n: number }>
      db.close()

      // The sandbox's fault sequence replayed over the requests it received.
      const injector = new FaultInjector(parseFaultSpec(FAULTS))
      const injected: Record<string, number> = {}
      for (let i = 0; i < requestsSent; i++) {
        const decision = injector.decide()
        if (decision.kind !== 'none') injected[decision.kind] = (injected[decision.kind] ?? 0) + 1
      }
      const injectedTotal = Object.values(injected).reduce((a, b) => a + b, 0)

      const sandboxPurchases = state.purchases.map((p) => `${p.contactType}:${p.key}`)
      const boughtEntries = ledger.filter((e) => e.outcome === 'bought')
      const spentInLedger = boughtEntries.reduce((a, e) => a + (e.credits_spent ?? 0), 0)
      // a New that found some of its people already sold: a second request to buy them
      const boughtAgain = boughtEntries.filter((e) => e.credits_spent !== (JSON.parse(e.keys_json) as string[]).length)
      const startedJobs = appJobs.filter((j) => j.tracking !== 'refused').map((j) => j.job_id)
      const sandboxJobs = state.jobs.map((j) => j.jobId)

      const report = {
        calls: CALLS,
        durationMs: Math.round(performance.now() - started),
        callsDoneMs: Math.round(callsDoneMs),
        perOperation: Object.fromEntries(
          [...outcomes].map(([op, counts]) => [op, Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]))])
        ),
        msPerOperation: Object.fromEntries(
          [...durations].map(([op, ms]) => [
            op,
            {
              mean: Math.round(ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length)),
              max: Math.round(Math.max(0, ...ms))
            }
          ])
        ),
        httpRequests: requestsSent,
        injected: { ...injected, total: injectedTotal, share: Math.round((injectedTotal / requestsSent) * 1000) / 10 },
        appCallLog: Object.fromEntries(apiLog.map((r) => [r.outcome, r.n])),
        credits: {
          sandboxUsed: state.credits.used,
          sandboxAvailable: state.credits.available,
          sandboxPurchases: sandboxPurchases.length,
          appPurchases: appPurchases.length,
          ledgerEntries: Object.fromEntries(
            ['bought', 'refused', 'unknown'].map((o) => [o, ledger.filter((e) => e.outcome === o).length])
          ),
          spentInLedger,
          soldUnanswered,
          boughtAgain: boughtAgain.length,
          uncertainAfterCalls,
          settleRounds,
          uncertainLeft: uncertainLeft.length
        },
        jobs: { app: appJobs.length, started: startedJobs.length, sandbox: sandboxJobs.length, following },
        heapMb: Object.fromEntries(Object.entries(heap).map(([k, v]) => [k, Math.round(v * 10) / 10])),
        toolServerNetwork: Object.fromEntries(toolNetwork),
        hangs: hangs.length,
        unhandled: unhandled.length
      }
      console.log(`fault soak: ${JSON.stringify(report, null, 2)}`)

      // every call ended, in data or a typed error
      expect(hangs).toEqual([])
      expect(untyped).toEqual([])
      expect(unhandled).toEqual([])
      expect([...outcomes.values()].reduce((a, m) => a + [...m.values()].reduce((x, y) => x + y, 0), 0)).toBe(CALLS)
      for (const op of operations) {
        const answered = [...outcomes.get(op)!].filter(([outcome]) => outcome.startsWith('ok'))
        expect(answered.length, op).toBeGreaterThan(0)
      }
      // a tool call finds no server only when its connection was dropped: a reload never closes
      // the session under a call that may already have run
      expect([...toolNetwork.keys()].filter((message) => !/^tools\w+: Could not reach/.test(message))).toEqual([])
      // the faults were there, about one request in five
      expect(injectedTotal / requestsSent).toBeGreaterThan(0.15)
      expect(injectedTotal / requestsSent).toBeLessThan(0.3)

      // no credit spent twice: the service charged each person and type once; the app never sent
      // New for someone already sold; its ledger knows exactly what the service sold, and every
      // credit spent is either in a purchase's answer or found behind an unanswered one
      expect(state.credits.used).toBe(sandboxPurchases.length)
      expect(state.credits.used + state.credits.available).toBe(CREDITS)
      expect([...appPurchases].sort()).toEqual([...sandboxPurchases].sort())
      expect(boughtAgain).toEqual([])
      expect(spentInLedger + soldUnanswered).toBe(state.credits.used)
      // what the app still cannot tell was never sold (the service ran out of credits for it)
      expect(uncertainLeft.filter((u) => sandboxPurchases.includes(`${u.type}:${u.key}`))).toEqual([])

      // no refresh job started twice: one sandbox job per client jobId, none left unconfirmed
      expect(following).toBe(0)
      expect(sandboxJobs.length).toBeLessThanOrEqual(100) // the sandbox keeps its newest 100
      expect(new Set(sandboxJobs).size).toBe(sandboxJobs.length)
      expect([...sandboxJobs].sort()).toEqual([...startedJobs].sort())

      // a flat heap: what 1,500 more calls leave behind is within the noise of a collection
      expect(heap[CALLS]! - heap[500]!).toBeLessThan(8)
    }
  )
})
