import { spawn, type ChildProcess } from 'node:child_process'
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTeam } from './support'

/*
 * `npm run team-server` as an agency tries it: no database named, so it starts its own embedded
 * PostgreSQL in TEAM_DATA_DIR, keeps it between starts, prints the setup code once, and
 * `setup-code` makes a new one.
 */

const root = resolve(import.meta.dirname, '../..')

type Run = {
  child: ChildProcess
  lines: string[]
  line: (match: RegExp) => Promise<string>
  exited: Promise<number | null>
  running: () => boolean
}

/** Every CLI started, so a failing test leaves none running. */
const started: Run[] = []

function runCli(dataDir: string, args: string[] = []): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', 'team-server/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, TEAM_DATA_DIR: dataDir, TEAM_PORT: '0', TEAM_DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  const lines: string[] = []
  const waiters: { match: RegExp; resolve: (line: string) => void }[] = []
  const take = (line: string): void => {
    lines.push(line)
    for (const waiter of waiters.splice(0)) {
      if (waiter.match.test(line)) waiter.resolve(line)
      else waiters.push(waiter)
    }
  }
  createInterface({ input: child.stdout! }).on('line', take)
  createInterface({ input: child.stderr! }).on('line', take)
  let running = true
  const exited = new Promise<number | null>((done) =>
    child.once('exit', (code) => {
      running = false
      done(code)
    })
  )
  const run: Run = {
    child,
    lines,
    exited,
    line: (match) => {
      const seen = lines.find((line) => match.test(line))
      if (seen !== undefined) return Promise.resolve(seen)
      return new Promise((resolveLine, reject) => {
        waiters.push({ match, resolve: resolveLine })
        void exited.then((code) => reject(new Error(`exited (${code}) before ${match}:\n${lines.join('\n')}`)))
      })
    },
    running: () => running
  }
  started.push(run)
  return run
}

async function stop(run: Run): Promise<number | null> {
  run.child.kill('SIGTERM')
  return run.exited
}

describe('npm run team-server with no database named', () => {
  let dataDir: string

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'td-team-cli-'))
    // run as root, the embedded PostgreSQL runs as the postgres user, which must pass through
    await chmod(dataDir, 0o711)
  })
  afterAll(async () => {
    await Promise.all(started.filter((run) => run.running()).map(stop))
    await rm(dataDir, { recursive: true, force: true })
  })

  it('runs its own PostgreSQL in the data folder, keeps it between starts, and prints the setup code once', async () => {
    const first = runCli(join(dataDir, 'team'))
    const url = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(await first.line(/^Team server on /))![1]!
    const code = /: (\S+)$/.exec(first.lines.find((line) => line.startsWith('Setup code'))!)![1]!
    expect((await stat(join(dataDir, 'team', 'password'))).mode & 0o777).toBe(0o600)
    const anna = await createTeam(url, code)
    expect(await stop(first)).toBe(0)

    const second = runCli(join(dataDir, 'team'))
    const again = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(await second.line(/^Team server on /))![1]!
    expect(second.lines.some((line) => line.startsWith('Setup code'))).toBe(false)
    const team = await call(again, 'GET', '/v1/team', { credential: anna.credential })
    expect(team.status).toBe(200)
    expect(team.body.team.name).toBe('Acme Recruiting')

    // a new setup code while the server runs: it uses the running PostgreSQL and leaves it running
    const made = runCli(join(dataDir, 'team'), ['setup-code'])
    expect(await made.exited).toBe(0)
    const newCode = /: (\S+)$/.exec(made.lines.find((line) => line.startsWith('New setup code'))!)![1]!
    expect(newCode).not.toBe(code)
    const other = await createTeam(again, newCode, 'Second Team', 'Olga')
    expect(other.team.id).not.toBe(anna.team.id)
    expect(await stop(second)).toBe(0)

    // and while it is stopped: it starts the embedded PostgreSQL for the moment
    const stopped = runCli(join(dataDir, 'team'), ['setup-code'])
    expect(await stopped.exited).toBe(0)
    const thirdCode = /: (\S+)$/.exec(stopped.lines.find((line) => line.startsWith('New setup code'))!)![1]!
    const third = runCli(join(dataDir, 'team'))
    const url3 = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(await third.line(/^Team server on /))![1]!
    const another = await createTeam(url3, thirdCode, 'Third Team', 'Tom')
    expect(another.team.id).not.toBe(other.team.id)
    expect(await stop(third)).toBe(0)
  }, 90_000)

  it('says what is wrong with its settings and exits', async () => {
    const run = runCli(join(dataDir, 'bad'), ['frobnicate'])
    expect(await run.exited).toBe(1)
    expect(run.lines.join('\n')).toMatch(/Unknown command "frobnicate"/)
  })
})
