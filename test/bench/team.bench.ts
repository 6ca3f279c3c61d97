/**
 * The team server at team scale (issue #38 item 6): simulated desks on one PostgreSQL, each with
 * its live stream open; one desk pushes a change, and every desk, nudged by its stream, pulls it.
 * A desk's time is from the push being sent until its pull holds the change; the figure is the p95
 * over every desk and push of a run. Side by side in each run, push by push alternating: every
 * desk listening on the instance the push goes to (one instance), against half of them on a second
 * instance on the same database (the nudge crosses through LISTEN/NOTIFY). Each desk keeps a
 * stream open on both instances throughout, so both sides carry the same load. Then the server's
 * memory with many desks' streams held (its resident set, read from /proc).
 * The servers run as `npm run team-server` does, each in a process of its own.
 * Run alone: npx tsx test/bench/team.bench.ts [--quick]
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { makeThrowawayCluster } from '../../team-server/testing/throwaway-cluster'
import {
  addMember,
  change,
  createTeam,
  EventStream,
  pullChanges,
  pushChanges,
  type TestDesk
} from '../team-server/support'
import { done, figure, percentile, progress, quick, report } from './lib/figures'

const DESKS = quick ? 10 : 50
const PUSHES = quick ? 6 : 30
const RUNS = quick ? 1 : 3
const HELD = quick ? 40 : 200
const BACKLOG = quick ? 10_000 : 100_000

const root = resolve(import.meta.dirname, '../..')

type Instance = { url: string; setupCode: string | null; child: ChildProcess; rssMb: () => number }

async function startInstance(databaseUrl: string): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'team-server/cli.ts'], {
    cwd: root,
    env: { ...process.env, TEAM_DATABASE_URL: databaseUrl, TEAM_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit']
  })
  let setupCode: string | null = null
  const url = await new Promise<string>((resolveUrl, reject) => {
    child.once('exit', (code) => reject(new Error(`the team server exited (${code})`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const code = /^Setup code[^:]*: (\S+)$/.exec(line)
      if (code) setupCode = code[1]!
      const on = /^Team server on (\S+)/.exec(line)
      if (on) resolveUrl(on[1]!)
    })
  })
  const rssMb = (): number => {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024
  }
  return { url, setupCode, child, rssMb }
}

async function stopInstance(instance: Instance): Promise<void> {
  const exited = new Promise((resolveExit) => instance.child.once('exit', resolveExit))
  instance.child.kill('SIGTERM')
  await exited
}

/** A desk that pulls whenever a stream of the instance it listens on says there is more. */
class SimDesk {
  applied = 0
  listensOn = ''
  readonly streams: EventStream[] = []
  #pulling = false
  #wanted = 0
  #waiters: { seq: number; resolve: (at: number) => void }[] = []

  constructor(readonly desk: TestDesk) {}

  async open(url: string): Promise<void> {
    const stream = await EventStream.open(url, this.desk.credential, (event) => {
      if (event.event !== 'changes' || url !== this.listensOn) return
      this.#wanted = Math.max(this.#wanted, (JSON.parse(event.data) as { lastSeq: number }).lastSeq)
      void this.#pull(url)
    })
    this.streams.push(stream)
  }

  async #pull(url: string): Promise<void> {
    if (this.#pulling) return
    this.#pulling = true
    try {
      while (this.applied < this.#wanted) {
        const res = await fetch(`${url}/v1/changes?after=${this.applied}`, {
          headers: { authorization: `Bearer ${this.desk.credential}` }
        })
        const page = (await res.json()) as { last: number }
        this.applied = page.last
        const at = performance.now()
        this.#waiters = this.#waiters.filter((waiter) => {
          if (waiter.seq > this.applied) return true
          waiter.resolve(at)
          return false
        })
      }
    } finally {
      this.#pulling = false
    }
  }

  /** When this desk has pulled `seq` (performance.now()). */
  has(seq: number): Promise<number> {
    if (this.applied >= seq) return Promise.resolve(performance.now())
    return new Promise((resolveAt) => this.#waiters.push({ seq, resolve: resolveAt }))
  }

  close(): void {
    for (const stream of this.streams) stream.close()
  }
}

const cluster = await makeThrowawayCluster()
const a = await startInstance(cluster.databaseUrl)
const b = await startInstance(cluster.databaseUrl)
try {
  const admin = await createTeam(a.url, (a.setupCode ?? b.setupCode)!)
  const members: TestDesk[] = [admin]
  while (members.length < DESKS) members.push(await addMember(admin, `Recruiter ${members.length}`))
  const desks = members.map((desk) => new SimDesk(desk))
  for (const desk of desks) {
    await desk.open(a.url)
    await desk.open(b.url)
  }
  progress(`${DESKS} desks, each with a stream on two instances of one database`)

  /** One push by the admin's desk on A; every desk's time until its pull holds it. */
  async function round(split: boolean): Promise<number[]> {
    desks.forEach((desk, i) => (desk.listensOn = split && i % 2 === 1 ? b.url : a.url))
    const t0 = performance.now()
    const pushed = await pushChanges(admin, [change('note.bench', { at: t0 })], a.url)
    const seq = (pushed.body as { accepted: { seq: number }[] }).accepted[0]!.seq
    const reached = await Promise.all(desks.map((desk) => desk.has(seq)))
    return reached.map((at) => at - t0)
  }

  // warm-up, unmeasured
  for (let i = 0; i < 4; i++) await round(i % 2 === 1)
  const one: number[] = []
  const two: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const sides = { one: [] as number[], two: [] as number[] }
    for (let i = 0; i < PUSHES; i++) {
      for (const split of i % 2 === 0 ? [false, true] : [true, false]) {
        ;(split ? sides.two : sides.one).push(...(await round(split)))
      }
    }
    one.push(percentile(sides.one, 95))
    two.push(percentile(sides.two, 95))
    progress(
      `run ${run + 1}: p95 one instance ${one.at(-1)!.toFixed(1)} ms, two instances ${two.at(-1)!.toFixed(1)} ms`
    )
  }
  for (const desk of desks) desk.close()

  // a desk sending its outbox: pushes of 500 do-not-contact entries
  const pushMs: number[] = []
  for (let i = 0; i < (quick ? 3 : 10); i++) {
    const batch = Array.from({ length: 500 }, (_, j) => {
      const hash = createHash('sha256').update(`bench ${i} ${j}`).digest('hex')
      return change('do-not-contact.entry', { hash, kind: 'email', reason: 'asked', added: true }, { subjects: [hash] })
    })
    const t0 = performance.now()
    const answer = await pushChanges(members[i % members.length]!, batch, a.url)
    pushMs.push(performance.now() - t0)
    if ((answer.body as { accepted: unknown[] }).accepted.length !== 500) throw new Error('a push was not taken whole')
  }
  progress(`push of 500: ${pushMs.map((ms) => ms.toFixed(0)).join(', ')} ms`)

  // a desk back after a month away: BACKLOG changes waiting (put in by SQL, as pushing them would take long)
  const [team] = await cluster.query<{ last_seq: string }>('SELECT last_seq FROM teams WHERE id = $1', [admin.team.id])
  const from = Number(team!.last_seq)
  await cluster.query(
    `INSERT INTO changes (team_id, seq, id, kind, payload, subjects, author_desk, server_time, desk_time)
     SELECT $1, $2::bigint + g, gen_random_uuid(), 'do-not-contact.entry',
       jsonb_build_object('hash', md5(g::text) || md5('x' || g), 'kind', 'email', 'reason', 'asked', 'added', true),
       ARRAY[md5(g::text) || md5('x' || g)], $3, now(), now()::text
     FROM generate_series(1, $4::int) AS g`,
    [admin.team.id, from, admin.desk.id, BACKLOG]
  )
  await cluster.query('UPDATE teams SET last_seq = $2 WHERE id = $1', [admin.team.id, from + BACKLOG])
  await cluster.query('ANALYZE changes')
  const pullSeconds: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now()
    let after = from
    let more = true
    let got = 0
    while (more) {
      const page = (await pullChanges(members[1]!, after, 1000, a.url)).body as {
        changes: unknown[]
        last: number
        more: boolean
      }
      got += page.changes.length
      after = page.last
      more = page.more
    }
    pullSeconds.push((performance.now() - t0) / 1000)
    if (got !== BACKLOG) throw new Error(`pulled ${got} of ${BACKLOG}`)
  }
  progress(`pull of ${BACKLOG}: ${pullSeconds.map((s) => s.toFixed(1)).join(', ')} s`)

  // memory: many desks' streams held by one instance
  while (members.length < HELD) members.push(await addMember(admin, `Recruiter ${members.length}`))
  const before = a.rssMb()
  const held: EventStream[] = []
  for (const desk of members) held.push(await EventStream.open(a.url, desk.credential))
  await Promise.all(held.map((stream) => stream.next((event) => event.event === 'changes')))
  const pushed = await pushChanges(admin, [change('note.bench', { held: HELD })], a.url)
  const last = (pushed.body as { accepted: { seq: number }[] }).accepted[0]!.seq
  await Promise.all(held.map((stream) => stream.reached(last)))
  const rss = a.rssMb()
  progress(`${HELD} streams held: resident ${rss.toFixed(0)} MB (${before.toFixed(0)} MB before them)`)
  for (const stream of held) stream.close()

  report(
    figure({
      id: 'team.change-reaches-desks.p95',
      label: `a change reaches every one of ${DESKS} online desks (nudge + pull), one instance: p95`,
      unit: 'ms',
      values: one,
      ratio: { against: 'half the desks on a second instance', values: one.map((v, i) => v / two[i]!) },
      aim: { op: '<', value: 2000 }
    }),
    figure({
      id: 'team.change-reaches-desks.two-instances.p95',
      label: `the same with half the desks on a second instance (LISTEN/NOTIFY): p95`,
      unit: 'ms',
      values: two,
      aim: { op: '<', value: 2000 }
    }),
    figure({
      id: 'team.push-500.ms',
      label: 'a push of 500 do-not-contact entries, answered',
      unit: 'ms',
      values: pushMs
    }),
    figure({
      id: 'team.pull-backlog.s',
      label: `a desk back after a month pulls ${BACKLOG.toLocaleString('en')} waiting changes (pages of 1,000)`,
      unit: 's',
      values: pullSeconds,
      note: 'the server’s part of the desk’s < 60 s aim (the desk then applies them)'
    }),
    figure({
      id: 'team.streams-held.rss',
      label: `team server's resident memory with ${HELD} desks' live streams open`,
      unit: 'MB',
      values: [rss],
      aim: { op: '<', value: 500 },
      note: `${before.toFixed(0)} MB before the streams`
    })
  )
} finally {
  await stopInstance(a)
  await stopInstance(b)
  await cluster.close()
}
done('The team server')
