/**
 * A desk of a team at team scale (issue #38 item 6, the desk's part; team.bench.ts is the
 * server's). Two desks (the app's main, composed as built) in one team on a team server started as
 * `npm run team-server` does, in a process of its own, on a throwaway PostgreSQL:
 * - a desk back after 30 days offline: 100,000 colleagues' do-not-contact changes waiting (put in
 *   by SQL, as team.bench.ts does), pulled and applied by the desk's sync while main's thread is
 *   watched by a 1 ms heartbeat (its longest gap: how long main ran in it and how long it waited
 *   for a CPU). Side by side: the same 100,000 pulled by a bare client (fetch + JSON, no applying);
 * - the team's do-not-contact list at a million hashed entries on that desk (the rest put in by
 *   SQL through a second connection), 100 people checked (checkDoNotContact, 10 on the team's
 *   list), interleaved with the same check on the other desk, whose team list is empty.
 * Run alone: npx tsx test/bench/team-desk.bench.ts [--quick]
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import Database from 'better-sqlite3'
import { storeFilePath } from '../../electron/main/store'
import { makeThrowawayCluster } from '../../team-server/testing/throwaway-cluster'
import { done, figure, interleave, median, progress, quick, report } from './lib/figures'
import { heartbeat } from './lib/heartbeat'
import { built } from './lib/build'
import { call, startMain } from './lib/main'

const BACKLOG = quick ? 10_000 : 100_000
const LISTED = quick ? 100_000 : 1_000_000
const RUNS = quick ? 1 : 3
const ROUNDS = quick ? 20 : 60

const root = resolve(import.meta.dirname, '../..')

async function startServer(databaseUrl: string): Promise<{ url: string; setupCode: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'team-server/cli.ts'], {
    cwd: root,
    env: { ...process.env, TEAM_DATABASE_URL: databaseUrl, TEAM_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit']
  })
  let setupCode = ''
  const url = await new Promise<string>((resolveUrl, reject) => {
    child.once('exit', (code) => reject(new Error(`the team server exited (${code})`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const code = /^Setup code[^:]*: (\S+)$/.exec(line)
      if (code) setupCode = code[1]!
      const on = /^Team server on (\S+)/.exec(line)
      if (on) resolveUrl(on[1]!)
    })
  })
  return { url, setupCode, child }
}

/** The team-salted hash as desks make it (personal-data/team-hash.ts): sha256 of the salt's bytes and the value. */
const teamHash = (salt: string, value: string) =>
  createHash('sha256').update(Buffer.from(salt, 'hex')).update(value, 'utf8').digest('hex')

const cluster = await makeThrowawayCluster()
const server = await startServer(cluster.databaseUrl)
const dirA = mkdtempSync(join(tmpdir(), 'td-bench-team-a-'))
const dirB = mkdtempSync(join(tmpdir(), 'td-bench-team-b-'))
// as the app starts them: the log checkpointed by the built worker while a backlog applies
const checkpointWorker = built().workers.checkpoint
const a = await startMain({ dataDir: dirA, checkpointWorker })
const b = await startMain({ dataDir: dirB, checkpointWorker })
try {
  const created = await call(a.main, 'createTeam', {
    server: server.url,
    setupCode: server.setupCode,
    teamName: 'Bench team',
    personName: 'Anna',
    deskName: 'Anna’s laptop'
  })
  if (created.state !== 'joined') throw new Error('not in a team')
  const invite = await call(a.main, 'inviteToTeam', { role: 'recruiter' })
  const joined = await call(b.main, 'joinTeam', {
    server: server.url,
    inviteCode: invite.code,
    personName: 'Ben',
    deskName: 'Ben’s desk'
  })
  if (joined.state !== 'joined') throw new Error('B did not join')

  // a month of Anna's entries, waiting for Ben (put in by SQL: pushing them would take most of the bench)
  const [team] = await cluster.query<{ last_seq: string }>('SELECT last_seq FROM teams WHERE id = $1', [
    created.team.id
  ])
  const from = Number(team!.last_seq)
  await cluster.query(
    `INSERT INTO changes (team_id, seq, id, kind, payload, subjects, author_desk, server_time, desk_time)
     SELECT $1, $2::bigint + g, gen_random_uuid(), 'do-not-contact.entry',
       jsonb_build_object('hash', md5(g::text) || md5('x' || g), 'kind', 'email', 'reason', 'asked', 'added', true),
       ARRAY[md5(g::text) || md5('x' || g)], $3, now() - interval '30 days' + g * interval '20 seconds', now()::text
     FROM generate_series(1, $4::int) AS g`,
    [created.team.id, from, created.me.deskId, BACKLOG]
  )
  const last = from + BACKLOG
  await cluster.query('UPDATE teams SET last_seq = $2 WHERE id = $1', [created.team.id, last])
  await cluster.query('ANALYZE changes', [])
  progress(`${BACKLOG.toLocaleString('en')} changes waiting for desk B`)

  // desk B back: its sync pulls and applies them, main's thread watched
  const beat = heartbeat({ cpu: true })
  const t0 = performance.now()
  for (;;) {
    await b.main.teamSync.sync()
    const status = await call(b.main, 'getTeam', {})
    if (status.state === 'joined' && status.sync.lastSeq >= last) break
  }
  const applySeconds = (performance.now() - t0) / 1000
  const blockMs = beat.stop()
  const blockCpuMs = beat.longestCpuMs()
  const blockWaitMs = beat.longestWaitMs()
  progress(
    `B applied ${BACKLOG.toLocaleString('en')} in ${applySeconds.toFixed(1)} s (main's longest block ${blockMs.toFixed(1)} ms: ran ${blockCpuMs.toFixed(1)}, waited for a CPU ${blockWaitMs.toFixed(1)})`
  )
  // a bare client: a third desk joined over HTTP (its credential in hand)
  const code = (await call(a.main, 'inviteToTeam', { role: 'recruiter' })).code
  const bare = await fetch(`${server.url}/v1/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ inviteCode: code, personName: 'Bare', deskName: 'Bench client' })
  })
  const { credential } = (await bare.json()) as { credential: string }
  const t1 = performance.now()
  let after = from
  let pulled = 0
  for (let more = true; more;) {
    const res = await fetch(`${server.url}/v1/changes?after=${after}&limit=1000`, {
      headers: { authorization: `Bearer ${credential}` }
    })
    const page = (await res.json()) as { changes: unknown[]; last: number; more: boolean }
    pulled += page.changes.length
    after = page.last
    more = page.more
  }
  const pullSeconds = (performance.now() - t1) / 1000
  if (pulled !== BACKLOG) throw new Error(`pulled ${pulled} of ${BACKLOG}`)
  progress(`a bare client pulled them in ${pullSeconds.toFixed(1)} s`)

  // the team's list on B at LISTED entries: the rest put in through a second connection
  const db = new Database(storeFilePath(dirB))
  const salt = db.prepare('SELECT salt FROM team_state WHERE id = 1').pluck().get() as string
  const held = db.prepare('SELECT COUNT(*) FROM team_do_not_contact').pluck().get() as number
  const insert = db.prepare('INSERT OR IGNORE INTO team_do_not_contact (kind, hash, seq) VALUES (?, ?, ?)')
  const kinds = ['email', 'domain', 'handle', 'key'] as const
  const people = Array.from({ length: 100 }, (_, i) => ({
    key: `p-team-${i}`,
    emails: [`person.${i}@example${i}.com`],
    handles: [`https://profilenet.example/in/person-${i}`]
  }))
  db.transaction(() => {
    for (let i = 0; i < people.length; i += 10)
      insert.run('email', Buffer.from(teamHash(salt, people[i]!.emails[0]!), 'hex'), last)
  })()
  for (let at = held + 10; at < LISTED;) {
    db.transaction(() => {
      for (let n = 0; n < 50_000 && at < LISTED; n++, at++) insert.run(kinds[at % 4], randomBytes(32), last)
    })()
  }
  const listed = db.prepare('SELECT COUNT(*) FROM team_do_not_contact').pluck().get() as number
  db.close()
  progress(`B's team list: ${listed.toLocaleString('en')} hashed entries`)

  const checks: number[] = []
  const ratios: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const check = await interleave(
      async () => {
        const { suppressed } = await call(b.main, 'checkDoNotContact', { people })
        if (suppressed.length !== 10) throw new Error(`${suppressed.length} suppressed, not 10`)
      },
      () => call(a.main, 'checkDoNotContact', { people }),
      { warmup: run === 0 ? 10 : 3, rounds: ROUNDS }
    )
    checks.push(median(check.a))
    ratios.push(median(check.a) / median(check.b))
    progress(
      `run ${run + 1}: check of 100 ${median(check.a).toFixed(2)} ms (a desk with the team's list empty ${median(check.b).toFixed(2)} ms)`
    )
  }

  report(
    figure({
      id: 'team-desk.backlog-applied.s',
      label: `a desk back after 30 days pulls and applies ${BACKLOG.toLocaleString('en')} team changes`,
      unit: 's',
      values: [applySeconds],
      ratio: {
        against: 'a bare client pulling them (fetch + JSON, nothing applied)',
        values: [applySeconds / pullSeconds]
      },
      aim: { op: '<', value: 60 }
    }),
    figure({
      id: 'team-desk.backlog-applied.longest-block',
      label: `while it applies them: main thread’s longest block`,
      unit: 'ms',
      values: [blockMs],
      aim: { op: '<', value: 50 },
      note: `of which it ran ${blockCpuMs.toFixed(1)} ms and waited for a CPU ${blockWaitMs.toFixed(1)} ms`
    }),
    figure({
      id: 'team-desk.check-100.ms',
      label: `100 people checked against a team list of ${listed.toLocaleString('en')} hashed entries (checkDoNotContact, 10 listed)`,
      unit: 'ms',
      values: checks,
      ratio: { against: 'the same check on a desk whose team list is empty', values: ratios },
      aim: { op: '<', value: 5 },
      note: `median of ${ROUNDS} checks per run, interleaved`
    })
  )
} finally {
  await a.close()
  await b.close()
  const exited = new Promise((resolveExit) => server.child.once('exit', resolveExit))
  server.child.kill('SIGTERM')
  await exited
  await cluster.close()
  rmSync(dirA, { recursive: true, force: true })
  rmSync(dirB, { recursive: true, force: true })
}
done('A desk of a team at team scale')
