import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { crc32 } from 'node:zlib'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { MatchProfileRequest, WholePersonProfile } from '../../../shared/api'
import { builtInCollisionLog } from '../../../sandbox/data/collision-log'
import { generateProfiles } from '../../../sandbox/data/generate'
import {
  buildCatalog,
  ManualClock,
  startSandbox,
  type RunningSandbox,
  type SandboxOptions
} from '../../../sandbox/index'
import { SandboxCatalog } from '../../../sandbox/search/catalog'
import { encodeCatalog, readCatalog } from '../../../sandbox/search/catalog-file'
import { ProfileIndex } from '../../../sandbox/search/profile-index'
import { call, post } from './helpers'

// Seed 1 is the app's own data set: its collision log is built in (early answers), and its first
// 1,200 people include some whose handles or emails collided with someone's before them.
const SEED = 1
/** `Talent Desk sandbox catalog\n`: the file's first bytes, before its header's length. */
const MAGIC_LENGTH = 28
const COUNT = 1200
const people = generateProfiles({ count: COUNT, seed: SEED })

const opened: RunningSandbox[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})

const folder = () => mkdtempSync(join(tmpdir(), 'td-sbx-catalog-'))

async function start(options: SandboxOptions): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ seed: SEED, profiles: COUNT, faults: '', clock: new ManualClock(), ...options })
  opened.push(sandbox)
  return sandbox
}

async function stop(sandbox: RunningSandbox): Promise<void> {
  opened.splice(opened.indexOf(sandbox), 1)
  await sandbox.close()
}

/** Match Profiles requests of every kind: names alone, with other fields, typos, identifiers. */
function matchRequests(): MatchProfileRequest[] {
  const out: MatchProfileRequest[] = []
  for (let i = 0; i < COUNT; i += 97) {
    const p = people[i]!
    out.push(
      { name: p.full_name! },
      { name: p.first_name! },
      { name: `${p.first_name!.slice(0, 4)} ${p.last_name!}`, company: p.cur_company! },
      { name: p.last_name!, title: p.cur_title!, location: p.city! },
      { name: p.full_name!, school: p.educations?.[0]?.school ?? 'Nowhere' },
      { name: `${p.first_name!}x ${p.last_name!}` },
      { key: p.key! },
      { name: 'Somebody Else', emails: [p.email ?? 'nobody@mail.example'] },
      { name: p.full_name!, handles: [p.li_urls![0]!] }
    )
  }
  return out
}

const utterances = ['python engineers in Berlin', 'nurses in Texas', 'senior product managers', 'data scientists']

/** What a client sees of the people: Match Profiles and conversational search over HTTP. */
async function answers(sandbox: RunningSandbox): Promise<unknown[]> {
  const out: unknown[] = []
  for (const request of matchRequests()) {
    const reply = await post(sandbox, '/api/Search/MatchProfiles', request, {
      query: { maxNumberOfResults: 25, emailLookupEnabled: true }
    })
    expect(reply.status).toBe(200)
    out.push(reply.json())
  }
  for (const user_input of utterances) {
    const reply = await post(sandbox, '/api/ConversationalSearch/Search', { user_input })
    const { total, results, current_query } = reply.json() as {
      total: number
      results: unknown[]
      current_query: unknown
    }
    out.push({ total, results, current_query })
  }
  return out
}

let reference: unknown[] | undefined
/** The answers of a sandbox over the plain index of everyone generated (no catalog, no file). */
async function referenceAnswers(): Promise<unknown[]> {
  if (reference === undefined) {
    const plain = await start({ catalog: buildCatalog(COUNT, SEED) })
    reference = await answers(plain)
    await stop(plain)
  }
  return reference
}

// several starts of 1,200 people each: seconds on a busy machine
describe('the catalog file', { timeout: 60_000 }, () => {
  it('is written after the first start and read at the next: the same answers as generating everyone', async () => {
    const file = join(folder(), 'sandbox-catalog.bin')
    const first = await start({ catalogFile: file, progressive: true })
    expect(first.catalog).toMatchObject({ source: 'generated', fileProblem: 'missing: no catalog file yet' })
    expect(await first.catalog.settled).toMatchObject({ saved: true })
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(await answers(first)).toEqual(await referenceAnswers())
    await stop(first)

    const second = await start({ catalogFile: file, progressive: true })
    expect(second.catalog).toMatchObject({ source: 'file', fileProblem: null })
    expect(await second.catalog.settled).toMatchObject({ saved: false, detail: 'up to date' })
    expect(await answers(second)).toEqual(await referenceAnswers())
  })

  it('is rebuilt when stale: another count, seed or build of the code', async () => {
    const file = join(folder(), 'sandbox-catalog.bin')
    const smaller = await start({ catalogFile: file, profiles: 500 })
    expect(await smaller.catalog.settled).toMatchObject({ saved: true })
    await stop(smaller)

    const stale = await start({ catalogFile: file })
    expect(stale.catalog).toMatchObject({ source: 'generated', fileProblem: 'stale: count 500, wanted 1200' })
    expect(await stale.catalog.settled).toMatchObject({ saved: true })
    await stop(stale)
    expect(readCatalog(file, { seed: SEED, count: COUNT, fingerprint: '' })).toMatchObject({ ok: true })
    expect(readCatalog(file, { seed: 2, count: COUNT, fingerprint: '' })).toMatchObject({
      ok: false,
      reason: 'stale',
      detail: 'seed 1, wanted 2'
    })

    const rebuilt = await start({ catalogFile: file, catalogFingerprint: 'build-2' })
    expect(rebuilt.catalog.fileProblem).toBe('stale: build "", wanted "build-2"')
    expect(await rebuilt.catalog.settled).toMatchObject({ saved: true })
    await stop(rebuilt)
    const fresh = await start({ catalogFile: file, catalogFingerprint: 'build-2' })
    expect(fresh.catalog.source).toBe('file')
    expect(await answers(fresh)).toEqual(await referenceAnswers())
  })

  it('is rebuilt, never trusted, when damaged: a changed byte, cut short, an id beyond the people, other people than it says', async () => {
    const dir = folder()
    const file = join(dir, 'sandbox-catalog.bin')
    const made = await start({ catalogFile: file })
    await made.catalog.settled
    await stop(made)
    const good = readFileSync(file)

    const damages: Array<[string, Buffer, string]> = []
    const flipped = Buffer.from(good)
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff
    damages.push(['a changed byte', flipped, 'damaged: checksum does not match'])
    damages.push(['cut short', good.subarray(0, Math.floor(good.length * 0.7)), 'damaged'])
    // a person id beyond the people, with the checksum made to match
    const outOfRange = Buffer.from(good)
    const headerLength = outOfRange.readUInt32LE(MAGIC_LENGTH)
    const header = JSON.parse(outOfRange.toString('utf8', MAGIC_LENGTH + 4, MAGIC_LENGTH + 4 + headerLength)) as {
      sections: Record<string, { offset: number }>
    }
    outOfRange.writeUInt32LE(COUNT + 7, header.sections['name.ids']!.offset)
    outOfRange.writeUInt32LE(crc32(outOfRange.subarray(0, outOfRange.length - 4)), outOfRange.length - 4)
    damages.push(['an id beyond the people', outOfRange, 'damaged: name.ids: id out of range'])
    // a well-formed file whose index is of other people (its checksum is right)
    const others = SandboxCatalog.build(COUNT, SEED)
    const otherPeople = generateProfiles({ count: COUNT, seed: 5 })
    const saved = others.saved()!
    const lying = encodeCatalog(
      { seed: SEED, count: COUNT, fingerprint: '' },
      saved.parts,
      saved.log,
      (id) => otherPeople[id]!
    )
    damages.push(['other people', lying, 'damaged: person 0 is not the one the file describes'])

    for (const [what, bytes, problem] of damages) {
      writeFileSync(file, bytes)
      const sandbox = await start({ catalogFile: file, progressive: true })
      expect(sandbox.catalog.source, what).toBe('generated')
      expect(sandbox.catalog.fileProblem, what).toContain(problem)
      expect(await sandbox.catalog.settled, what).toMatchObject({ saved: true })
      await stop(sandbox)
      expect(readFileSync(file).equals(good), what).toBe(true)
    }
    const again = await start({ catalogFile: file })
    expect(again.catalog.source).toBe('file')
    expect(await answers(again)).toEqual(await referenceAnswers())
  })

  it('leaves alone a file it did not write (and a folder of that name), and works without', async () => {
    const dir = folder()
    const file = join(dir, 'sandbox-catalog.bin')
    writeFileSync(file, 'my own notes, not a catalog\n')
    const sandbox = await start({ catalogFile: file, progressive: true })
    expect(sandbox.catalog).toMatchObject({
      source: 'generated',
      fileProblem: 'foreign: not a Talent Desk sandbox catalog'
    })
    expect(await sandbox.catalog.settled).toMatchObject({ saved: false })
    expect(await answers(sandbox)).toEqual(await referenceAnswers())
    await stop(sandbox)
    expect(readFileSync(file, 'utf8')).toBe('my own notes, not a catalog\n')

    const folderFile = join(dir, 'a-folder.bin')
    mkdirSync(folderFile)
    const beside = await start({ catalogFile: folderFile })
    expect(beside.catalog.fileProblem).toMatch(/^foreign: cannot be read as a catalog file/)
    expect(await beside.catalog.settled).toMatchObject({ saved: false })
    expect(statSync(folderFile).isDirectory()).toBe(true)
  })

  it('removes what an unfinished write of its own left, and nothing else', async () => {
    const dir = folder()
    const file = join(dir, 'sandbox-catalog.bin')
    const names = {
      gone: 'sandbox-catalog.bin.tmp-2147483646', // a process that is not running
      running: `sandbox-catalog.bin.tmp-${process.ppid}`, // another process's write, still under way
      other: 'sandbox-catalog.bin.tmp-notes',
      beside: 'sandbox-catalog.bin.bak'
    }
    for (const name of Object.values(names)) writeFileSync(join(dir, name), 'x')
    const sandbox = await start({ catalogFile: file })
    await sandbox.catalog.settled
    expect(readdirSync(dir).sort()).toEqual(['sandbox-catalog.bin', names.running, names.other, names.beside].sort())
  })

  it('keeps the sandbox state correct across a restart that reads the catalog file', async () => {
    const dir = folder()
    const clock = new ManualClock()
    const options = {
      clock,
      catalogFile: join(dir, 'sandbox-catalog.bin'),
      stateFile: join(dir, 'sandbox-state.json'),
      progressive: true,
      credits: 10,
      contactTiming: { failureShare: 0 }
    }
    const keys = [people[3]!.key!, people[700]!.key!, people[1100]!.key!]
    const first = await start(options)
    // bought while the people are still being generated: the purchase waits for the build
    const bought = await post(first, '/api/Contacts/GetPremiumContacts', keys, {
      query: { requestType: 'New', contactType: 'Email' }
    })
    expect(bought.json().count).toMatchObject({ available: 7, used: 3 })
    await first.catalog.settled
    await stop(first)

    clock.advance(60_000)
    const second = await start(options)
    expect(second.catalog.source).toBe('file')
    expect(second.stateNote).toBeNull()
    const existing = await post(second, '/api/Contacts/GetPremiumContacts', keys, {
      query: { requestType: 'Existing', contactType: 'Email' }
    })
    expect(existing.json().count).toMatchObject({ available: 7, used: 3 })
    expect(existing.json().results.map((r: { status: string }) => r.status)).toEqual([
      'Completed',
      'Completed',
      'Completed'
    ])
    const log = await call(second, '/api/Analytics/GetApiTransactionData')
    expect((log.json() as Array<{ request_type: string }>).map((r) => r.request_type)).toContain('GetPremiumContacts')
  })
})

describe('a catalog still being built', { timeout: 30_000 }, () => {
  const full = new ProfileIndex(people)
  const requests = matchRequests().filter((r) => !r.key && !r.emails && !r.handles)

  it('answers name searches before anyone is generated, exactly as the whole index does', () => {
    const catalog = SandboxCatalog.progressive({ count: COUNT, seed: SEED, knownLog: builtInCollisionLog(SEED, COUNT) })
    for (const request of requests) {
      expect(catalog.match(request, { max: 25 }), request.name ?? undefined).toEqual(full.match(request, { max: 25 }))
    }
    // answered from the names and the candidates alone: the build has not moved
    expect(catalog.generated).toBe(0)
    expect(catalog.complete).toBe(false)

    // part way, and then to the end: the same answers, the same people as objects
    while (catalog.generated < COUNT / 2) catalog.step()
    const early = catalog.match({ name: people[1000]!.full_name! }, { max: 5 })
    for (const request of requests)
      expect(catalog.match(request, { max: 25 })).toEqual(full.match(request, { max: 25 }))
    catalog.finish()
    expect(catalog.mismatches).toBe(0)
    expect(catalog.get(early[0]!.key!)).toEqual(full.get(early[0]!.key!))
    const query = { skills: ['Python'], locations: ['London'] }
    expect(catalog.search(query, { limit: 20, offset: 0 })).toEqual(full.search(query, { limit: 20, offset: 0 }))
  })

  it('finishes the build first for what needs everyone: identifiers, conversational search, lookups', () => {
    const catalog = SandboxCatalog.progressive({ count: COUNT, seed: SEED, knownLog: builtInCollisionLog(SEED, COUNT) })
    const someone = people[900]!
    expect(catalog.match({ name: 'Nobody', emails: [someone.email ?? ''] }, { max: 5 })).toEqual(
      full.match({ name: 'Nobody', emails: [someone.email ?? ''] }, { max: 5 })
    )
    expect(catalog.complete).toBe(true)
    const other = SandboxCatalog.progressive({ count: COUNT, seed: SEED, knownLog: null })
    expect(other.match({ name: someone.full_name! }, { max: 5 })).toEqual(
      full.match({ name: someone.full_name! }, { max: 5 })
    )
    // without a known collision log nothing is answered early
    expect(other.complete).toBe(true)
  })
})

describe('a held build (the app holds it until its first screen is painted)', { timeout: 30_000 }, () => {
  const names = async (sandbox: RunningSandbox) => {
    for (const p of people.slice(0, 12)) {
      const found = (await post(sandbox, '/api/Search/MatchProfiles', { name: p.full_name! })).json() as Array<{
        key: string
      }>
      expect(found.map((r) => r.key)).toContain(p.key)
    }
  }

  it('does not start by itself while names are answered, and starts when told', async () => {
    const sandbox = await start({ progressive: true, holdBuild: true, buildDelayMs: 0, profiles: 300 })
    let built = false
    void sandbox.catalog.settled.then(() => (built = true))
    // a dozen round trips through its event loop: a build at delay 0 (not held) is done by then
    await names(sandbox)
    expect(built).toBe(false)
    sandbox.startBuild()
    expect(await sandbox.catalog.settled).toMatchObject({ saved: false, detail: 'no catalog file' })
    await names(sandbox)
  })

  it('finishes the build for a request that needs everyone, held or not', async () => {
    const sandbox = await start({ progressive: true, holdBuild: true, buildDelayMs: 0 })
    const someone = people[900]!
    const found = (await post(sandbox, '/api/Search/MatchProfiles', { key: someone.key! })).json() as Array<{
      key: string
    }>
    expect(found.map((r) => r.key)).toEqual([someone.key])
    expect(await sandbox.catalog.settled).toMatchObject({ saved: false })
  })
})

describe('profiles made alone', { timeout: 30_000 }, () => {
  it('are the people a sequential run makes, collisions and all', () => {
    const catalog = SandboxCatalog.build(COUNT, SEED)
    const { parts, log } = catalog.saved()!
    expect(log.length).toBeGreaterThan(0)
    const alone = SandboxCatalog.fromFile(parts, log, SEED)
    // in reverse, so no person is made after the ones before it
    for (let id = COUNT - 1; id >= 0; id--) {
      expect(JSON.stringify(alone.profileAt(id))).toBe(JSON.stringify(people[id] as WholePersonProfile))
    }
  })
})
