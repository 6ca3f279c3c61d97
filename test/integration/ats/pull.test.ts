import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startAtsFakes, type RunningAtsFakes } from '../../../sandbox/ats/fakes'
import { noHarvestFaults } from '../../../sandbox/ats/greenhouse/harvest-server'
import { ConnectionGate } from '../../../electron/main/api/connection-gate'
import { AtsClient, type AtsKind } from '../../../electron/main/ats/ats-client'
import { AtsPullService, mayNotEmailReason, type AtsPullDeps } from '../../../electron/main/ats/pull/ats-pull-service'
import { threadId } from 'node:worker_threads'
import { spawnKnownPeopleWorkerFromSource } from '../../../electron/main/known-people/known-people-worker-from-source'
import type { SpawnKnownPeopleWorker } from '../../../electron/main/known-people'
import type { AtsOpener } from '../../../electron/main/ats/pull/pull-ports'
import { defaultAnswerLimits } from '../../../electron/main/net/answer-limits'
import { createAppDispatcher, type AppDispatcher } from '../../../electron/main/net/dispatcher'
import { ConnectionPace, systemTimers } from '../../../electron/main/pace/connection-pace'
import { systemClock } from '../../../electron/main/store/clock'
import { atsPullHandlers } from '../../../electron/main/ats/pull/handlers'
import { atsListName, atsPullChannels, atsPullEvents, type AtsPullStatus } from '../../../shared/ipc/channels/ats-pull'
import { useMains, type TestMain } from '../services/helpers'

/*
 * Known people, live (issue #39 item 3), over real HTTP against the fake Greenhouse and Lever:
 * the pull's AtsClient on main's dispatcher with a connection pace and gate, writing through the
 * composed main's known-people and do-not-contact ports into SQLite on disk.
 */

const start = useMains()
let fakes: RunningAtsFakes
let dispatcher: AppDispatcher

beforeAll(async () => {
  // made-up candidates past the Sandbox's own: more than one page of 500
  fakes = await startAtsFakes({
    seed: 7,
    fromProfiles: 300,
    greenhouseFiller: 700,
    greenhouseRateLimit: 1000,
    greenhouseWindowMs: 1000,
    leverRateLimit: 1000
  })
  dispatcher = createAppDispatcher()
})
afterAll(async () => {
  await fakes.close()
  await dispatcher.close()
})
afterEach(() => {
  Object.assign(fakes.greenhouse.faults, noHarvestFaults())
})

const GH = 'gh-1'
const LEVER = 'lever-1'

interface Pulling {
  main: TestMain
  pull: AtsPullService
  events: AtsPullStatus[]
  keys: Record<string, string>
  gate: ConnectionGate
}

async function pulling(
  options: {
    knownPeopleWorker?: SpawnKnownPeopleWorker
    knownPeople?: (port: TestMain['services']['knownPeople']) => AtsPullDeps['knownPeople']
  } = {}
): Promise<Pulling> {
  const main = await start(
    options.knownPeopleWorker === undefined ? {} : { knownPeopleWorker: options.knownPeopleWorker }
  )
  const keys: Record<string, string> = { [GH]: fakes.greenhouse.keys.readOnly, [LEVER]: fakes.lever.keys.readOnly }
  const gate = new ConnectionGate()
  const pace = new ConnectionPace({ ceiling: 1000, gate, timers: systemTimers })
  const client = (kind: AtsKind, baseUrl: string, apiKey: string) =>
    new AtsClient({ kind, baseUrl, apiKey, dispatcher, limits: defaultAnswerLimits, paced: pace.run, gate })
  const opener: AtsOpener = {
    open: async (id) =>
      id === GH
        ? {
            kind: 'greenhouse',
            name: 'Acme Greenhouse',
            client: client('greenhouse', fakes.greenhouse.baseUrl, keys[GH]!)
          }
        : id === LEVER
          ? { kind: 'lever', name: 'Acme Lever', client: client('lever', fakes.lever.baseUrl, keys[LEVER]!) }
          : null,
    connectionIds: () => [GH]
  }
  const events: AtsPullStatus[] = []
  let scheduled: (() => void) | null = null
  const pull = new AtsPullService({
    opener,
    knownPeople: options.knownPeople?.(main.services.knownPeople) ?? (() => main.services.knownPeople),
    doNotContact: () => main.services.doNotContact,
    clock: systemClock,
    emit: (status) => events.push(status),
    every: (_ms, run) => {
      scheduled = run
      return () => (scheduled = null)
    }
  })
  Object.assign(pull, { tick: () => scheduled?.() })
  return { main, pull, events, keys, gate }
}

function peopleRows(main: TestMain, listId: number): Array<{ ats_id: string; stage: string | null }> {
  const db = new Database(path.join(main.dataDir, 'talent-desk.sqlite'), { readonly: true })
  try {
    return db.prepare('SELECT ats_id, stage FROM known_people WHERE list_id = ?').all(listId) as Array<{
      ats_id: string
      stage: string | null
    }>
  } finally {
    db.close()
  }
}

const listOf = (main: TestMain, name = atsListName('Acme Greenhouse'), id = GH) =>
  main.services.knownPeople.atsList(name, id)

describe('where a pull’s pages are read', () => {
  it('main hands each page’s bytes to the known-people worker (transferred: main keeps none), which decodes, parses and writes it (full and incremental)', async () => {
    const threads: number[] = []
    const onMain: string[] = []
    // each page's bytes as the client read them (their size, and whether they filled their buffer), then after the post
    const sent: Array<{ size: number; whole: boolean; after: number }> = []
    const { main, pull } = await pulling({
      knownPeopleWorker: spawnKnownPeopleWorkerFromSource,
      knownPeople: (port) => () => ({
        atsList: (name, id) => port.atsList(name, id),
        upsertAtsPeople: (list, people, pulledAt) => {
          if (people.length > 0) onMain.push('upsertAtsPeople')
          return port.upsertAtsPeople(list, people, pulledAt)
        },
        writeAtsPages: (target) => {
          const pages = port.writeAtsPages(target)
          return {
            ...pages,
            page: async (page) => {
              const { bytes } = page
              const size = bytes.byteLength
              const whole = bytes.byteOffset === 0 && bytes.buffer.byteLength === size
              const writing = pages.page(page)
              // posted: the buffer went to the worker, main's bytes are detached
              sent.push({ size, whole, after: bytes.buffer.byteLength })
              const written = await writing
              threads.push(written.threadId)
              return written
            }
          }
        }
      })
    })
    const candidates = fakes.greenhouse.store.candidates
    const full = await pull.pull(GH)
    expect(full).toMatchObject({ state: 'done', mode: 'full', people: candidates.length, error: null })
    expect(threads).toHaveLength(full.pages)
    expect(threads.every((id) => id !== threadId)).toBe(true)
    expect(sent).toHaveLength(full.pages)
    for (const page of sent) expect(page).toEqual({ size: expect.any(Number), whole: true, after: 0 })
    // pages of 500 candidates: far more than a pooled Buffer's slab
    expect(sent[0]!.size).toBeGreaterThan(100_000)
    expect(listOf(main)!.people).toBe(candidates.length)
    const someone = candidates.find((c) => c.email_addresses.length > 0)!
    const [match] = main.services.knownPeople.check([{ emails: [someone.email_addresses[0]!.value] }], GH)
    expect(match).toMatchObject({ atsId: String(someone.id), by: 'email' })

    const incremental = await pull.pull(GH)
    expect(incremental).toMatchObject({ state: 'done', mode: 'incremental', error: null })
    expect(threads).toHaveLength(full.pages + incremental.pages)
    expect(threads.every((id) => id !== threadId)).toBe(true)
    expect(sent).toHaveLength(full.pages + incremental.pages)
    for (const page of sent) expect(page).toEqual({ size: expect.any(Number), whole: true, after: 0 })
    // main never wrote a person itself (the pull no longer holds main's list writer at all)
    expect(onMain).toEqual([])
  })
})

describe('a full pull from Greenhouse', () => {
  it('lists every candidate once, by the Link-header pages, with their ATS id and stage', async () => {
    const { main, pull, events } = await pulling()
    const candidates = fakes.greenhouse.store.candidates
    expect(candidates.length).toBeGreaterThan(500)
    const done = await pull.pull(GH)
    expect(done).toMatchObject({ state: 'done', mode: 'full', people: candidates.length, error: null })
    expect(done.pages).toBe(Math.ceil(candidates.length / 500))
    expect(events.some((e) => e.state === 'pulling' && e.pages === 1)).toBe(true)
    const list = listOf(main)!
    expect(list.people).toBe(candidates.length)
    const rows = peopleRows(main, list.listId)
    expect(new Set(rows.map((r) => r.ats_id)).size).toBe(candidates.length)
    expect(rows.map((r) => r.ats_id).sort()).toEqual(candidates.map((c) => String(c.id)).sort())
    // known through the ONE check, by email, with the ATS's id and the application's stage
    const withStage = candidates.find((c) => c.email_addresses.length > 0 && c.applications[0]?.current_stage)!
    const [match] = main.services.knownPeople.check([{ emails: [withStage.email_addresses[0]!.value] }], GH)
    expect(match).toMatchObject({
      listName: 'ATS: Acme Greenhouse',
      atsId: String(withStage.id),
      stage: withStage.applications[0]!.current_stage!.name,
      by: 'email'
    })
    // a second full pull replaces the list whole (one list, the same people)
    await pull.pull(GH, 'full')
    const again = listOf(main)!
    expect(again.listId).not.toBe(list.listId)
    expect(again.people).toBe(candidates.length)
    expect(
      (await main.ok('listKnownPeopleLists', {})).lists.filter((l) => l.name === 'ATS: Acme Greenhouse')
    ).toHaveLength(1)
  })

  it('a pull killed midway (page 2 fails) or cancelled leaves the previous list as it was', async () => {
    const { main, pull } = await pulling()
    await pull.pull(GH)
    const before = listOf(main)!
    fakes.greenhouse.faults.failPage = 2
    const failed = await pull.pull(GH, 'full')
    expect(failed.state).toBe('failed')
    expect(failed.pages).toBe(1)
    expect(failed.error).toContain('The list of people you already have was left as it was.')
    expect(listOf(main)).toEqual(before)
    expect(peopleRows(main, before.listId)).toHaveLength(before.people)
    fakes.greenhouse.faults.failPage = null
    // cancelled while it runs: it stops before its next page
    const cancelling = pull.pull(GH, 'full')
    const running = pull.start(GH)
    expect(running.state).toBe('pulling')
    expect(pull.cancel(GH)).toBe(true)
    expect((await cancelling).state).toBe('cancelled')
    expect(listOf(main)).toEqual(before)
  })

  it('a revoked key is said in words and the list is kept', async () => {
    const { main, pull, keys } = await pulling()
    await pull.pull(GH)
    const before = listOf(main)!
    fakes.greenhouse.faults.revoked.add(keys[GH]!)
    const failed = await pull.pull(GH, 'full')
    expect(failed.state).toBe('failed')
    expect(failed.error).toBe(
      'The pull from Greenhouse stopped: Greenhouse refused the API key (HTTP 401: “Invalid Basic Auth credentials”). Check that it was copied whole, and that it is a Harvest API key that has not been revoked. The list of people you already have was left as it was.'
    )
    expect(listOf(main)).toEqual(before)
    // the status says it too, with the list as it is
    expect(await pull.status(GH)).toMatchObject({ state: 'failed', list: { people: before.people } })
  })

  it('a storm of 429s (with Retry-After) only slows it: it completes, held for each Retry-After', async () => {
    const { main, pull } = await pulling()
    fakes.greenhouse.faults.tooMany = 6
    fakes.greenhouse.faults.retryAfterSeconds = 0.2
    const began = performance.now()
    const done = await pull.pull(GH)
    expect(done.state).toBe('done')
    expect(done.people).toBe(fakes.greenhouse.store.candidates.length)
    expect(fakes.greenhouse.faults.tooMany).toBe(0)
    // six holds of 200 ms each, one after the other
    expect(performance.now() - began).toBeGreaterThanOrEqual(6 * 200)
    expect(listOf(main)!.people).toBe(done.people)
  })

  it('a malformed page is refused and nothing is replaced', async () => {
    const { main, pull } = await pulling()
    await pull.pull(GH)
    const before = listOf(main)!
    fakes.greenhouse.faults.malformedPage = 2
    const failed = await pull.pull(GH, 'full')
    expect(failed.state).toBe('failed')
    expect(failed.error).toContain('page 2 of candidates was not a list of candidates')
    expect(listOf(main)).toEqual(before)
  })

  it('an answer 200,000 levels deep or 150 MB long is refused by the answer limits, nothing replaced', async () => {
    const { main, pull } = await pulling()
    await pull.pull(GH)
    const before = listOf(main)!
    fakes.greenhouse.faults.deepPage = { page: 1, levels: 200_000 }
    const deep = await pull.pull(GH, 'full')
    expect(deep.state).toBe('failed')
    expect(deep.error).toMatch(/could not be read: .*(deep|nest)/i)
    fakes.greenhouse.faults.deepPage = null
    fakes.greenhouse.faults.hugePage = { page: 2, bytes: 150 * 1024 * 1024 }
    const huge = await pull.pull(GH, 'full')
    expect(huge.state).toBe('failed')
    expect(huge.pages).toBe(1)
    expect(huge.error).toMatch(/could not be read: .*(large|MB)/i)
    expect(listOf(main)).toEqual(before)
  })
})

describe('incremental pulls', () => {
  it('pick up a change and a new candidate made in the fake since, on demand and on the schedule', async () => {
    const { main, pull } = await pulling()
    await pull.pull(GH)
    const store = fakes.greenhouse.store
    const size = listOf(main)!.people
    const changed = store.candidates.find((c) => c.first_name !== '' && c.last_name !== '')!
    store.touch(changed.id, new Date().toISOString(), { company: 'Brand New Employer Ltd' })
    const incremental = await pull.pull(GH)
    expect(incremental).toMatchObject({ state: 'done', mode: 'incremental', updated: 1, added: 0, people: 1 })
    const [match] = main.services.knownPeople.check(
      [{ name: `${changed.first_name} ${changed.last_name}`, employer: 'Brand New Employer' }],
      GH
    )
    expect(match).toMatchObject({ atsId: String(changed.id), by: 'name-employer' })
    expect(listOf(main)!.people).toBe(size)
    // a candidate added in Greenhouse, picked up by the schedule's turn
    const added = store.add(
      {
        first_name: 'Zoe',
        last_name: 'Newcomer',
        company: 'Fresh Co',
        title: null,
        email_addresses: [{ value: 'zoe.newcomer@fresh.example', type: 'work' }],
        phone_numbers: [],
        social_media_addresses: [],
        can_email: true,
        tags: []
      },
      null,
      new Date().toISOString()
    )
    pull.startSchedule(60_000)
    ;(pull as unknown as { tick(): void }).tick()
    const turn = await pull.pull(GH)
    expect(turn).toMatchObject({ state: 'done', mode: 'incremental', added: 1 })
    expect(listOf(main)!.people).toBe(size + 1)
    const [known] = main.services.knownPeople.check([{ emails: ['zoe.newcomer@fresh.example'] }], GH)
    expect(known?.atsId).toBe(String(added.id))
    await pull.close()
  })
})

describe('can_email', () => {
  it('false puts the emails on the do-not-contact list with the reason; true again takes off only the pull’s own', async () => {
    const { main, pull } = await pulling()
    const store = fakes.greenhouse.store
    const mayNot = store.candidates.filter((c) => !c.can_email && c.email_addresses.length > 0)
    expect(mayNot.length).toBeGreaterThan(1)
    const done = await pull.pull(GH)
    const emails = mayNot.flatMap((c) => c.email_addresses.map((e) => e.value))
    expect(done.doNotContactAdded).toBe(new Set(emails.map((e) => e.toLowerCase())).size)
    const reason = mayNotEmailReason({ kind: 'greenhouse', name: 'Acme Greenhouse' })
    expect(reason).toBe('Greenhouse: may not be emailed (Acme Greenhouse)')
    const suppressed = main.services.doNotContact.check(mayNot.map((c) => ({ emails: [c.email_addresses[0]!.value] })))
    expect(suppressed).toHaveLength(mayNot.length)
    const { entries } = await main.ok('listDoNotContact', { offset: 0, limit: 500 })
    expect(entries.filter((e) => e.note === reason)).toHaveLength(done.doNotContactAdded)
    // the recruiter had put the second one on the list by hand: the pull leaves that entry alone
    const [first, second] = mayNot as [(typeof mayNot)[0], (typeof mayNot)[0]]
    const secondEmail = second.email_addresses[0]!.value
    const held = entries.find((e) => e.note === reason && e.value.toLowerCase() === secondEmail.toLowerCase())!
    await main.ok('removeDoNotContact', { id: held.id })
    await main.ok('addDoNotContact', { kind: 'email', value: secondEmail, note: 'Asked us by phone' })
    const now = new Date().toISOString()
    store.touch(first.id, now, { can_email: true })
    store.touch(second.id, now, { can_email: true })
    const again = await pull.pull(GH)
    // the first's emails, and the second's other than the one the recruiter added by hand
    expect(again.doNotContactRemoved).toBe(first.email_addresses.length + second.email_addresses.length - 1)
    expect(main.services.doNotContact.check([{ emails: [first.email_addresses[0]!.value] }])).toEqual([])
    expect(main.services.doNotContact.check([{ emails: [secondEmail] }])).toHaveLength(1)
    store.touch(first.id, now, { can_email: false })
    store.touch(second.id, now, { can_email: false })
  })
})

describe('a full pull from Lever', () => {
  it('follows the next cursors and lists every opportunity once, with its stage by name', async () => {
    const { main, pull } = await pulling()
    const opportunities = fakes.lever.store.opportunities
    const done = await pull.pull(LEVER)
    expect(done).toMatchObject({ state: 'done', mode: 'full', people: opportunities.length })
    expect(done.pages).toBe(Math.ceil(opportunities.length / 100))
    const list = listOf(main, 'ATS: Acme Lever', LEVER)!
    const rows = peopleRows(main, list.listId)
    expect(rows.map((r) => r.ats_id).sort()).toEqual(opportunities.map((o) => o.id).sort())
    expect(rows.every((r) => r.stage !== null && !/^[0-9a-f]{8}-/.test(r.stage))).toBe(true)
  })
})

describe('the channels', () => {
  it('pull now answers at once, the status and progress events keep to their schemas, cancel stops it', async () => {
    const { main, pull, events } = await pulling()
    const handlers = atsPullHandlers(pull)
    expect(atsPullChannels.pullAtsNow.input.safeParse({ connectionId: GH, extra: 1 }).success).toBe(false)
    const started = handlers.pullAtsNow(atsPullChannels.pullAtsNow.input.parse({ connectionId: GH }))
    expect(atsPullChannels.pullAtsNow.output.parse(started)).toMatchObject({ state: 'pulling' })
    const finished = await pull.pull(GH)
    expect(finished.state).toBe('done')
    const status = atsPullChannels.getAtsPullStatus.output.parse(await handlers.getAtsPullStatus({ connectionId: GH }))
    expect(status).toMatchObject({ state: 'done', mode: 'full', list: { name: 'ATS: Acme Greenhouse' } })
    expect(status.list?.people).toBe(listOf(main)!.people)
    for (const event of events) atsPullEvents.atsPullProgress.parse(event)
    expect(handlers.cancelAtsPull({ connectionId: GH })).toEqual({ cancelled: false })
  })
})

describe("the service's ats_data against the pulled ATS", () => {
  it('where they disagree the ATS wins and the line says what the service said; where they agree one line', async () => {
    const { main, pull } = await pulling()
    await pull.pull(GH)
    const candidate = fakes.greenhouse.store.candidates.find(
      (c) => c.email_addresses.length > 0 && c.applications[0]?.current_stage
    )!
    const email = candidate.email_addresses[0]!.value
    const stage = candidate.applications[0]!.current_stage!.name
    const [disagree, agree, unknown] = [
      { emails: [email], atsData: { is_matched: true, candidate_id: '999', current_stage: 'Offer Sent' } },
      { emails: [email], atsData: { is_matched: true, candidate_id: String(candidate.id), current_stage: stage } },
      { emails: ['nobody@nowhere.example'], atsData: { is_matched: true, candidate_id: '5' } }
    ]
    const matches = main.services.knownPeople.check([disagree, agree, unknown], GH)
    expect(matches).toEqual([
      {
        index: 0,
        listId: listOf(main)!.listId,
        listName: 'ATS: Acme Greenhouse',
        atsId: String(candidate.id),
        stage,
        by: 'email',
        serviceSaid: { atsId: '999', stage: 'Offer Sent' }
      },
      {
        index: 1,
        listId: listOf(main)!.listId,
        listName: 'ATS: Acme Greenhouse',
        atsId: String(candidate.id),
        stage,
        by: 'email'
      },
      // not in the pulled list: the service's own match is still said (the next full pull may know better)
      { index: 2, listId: null, listName: 'the service', atsId: '5', stage: null, by: 'service', recruiter: null }
    ])
  })
})
