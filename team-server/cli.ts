import { readFile } from 'node:fs/promises'
import { errorMessage } from '../shared/error-message'
import { readConfig } from './config'
import { startEmbeddedPostgres } from './embedded'
import { makeSetupCode, startTeamServer } from './server'

const usage = `Usage: npm run team-server [-- setup-code]
Serves the Talent Desk team server until SIGINT/SIGTERM; "setup-code" prints a new setup code and exits.
Settings by environment: TEAM_DATABASE_URL (PostgreSQL 15+; without it an embedded PostgreSQL in
TEAM_DATA_DIR, default ./.team-data), TEAM_HOST (127.0.0.1), TEAM_PORT (8787), TEAM_TLS_CERT and
TEAM_TLS_KEY (PEM files: serve HTTPS).`

const log = (message: string): void => console.error(`[team-server] ${message}`)

async function main(): Promise<void> {
  const command = process.argv[2]
  if (command === '--help' || command === '-h') {
    console.log(usage)
    return
  }
  if (command !== undefined && command !== 'setup-code') throw new Error(`Unknown command "${command}".\n${usage}`)
  const config = readConfig(process.env)
  const embedded = config.databaseUrl === null ? await startEmbeddedPostgres(config.dataDir, log) : null
  const databaseUrl = config.databaseUrl ?? embedded!.databaseUrl
  if (command === 'setup-code') {
    try {
      const code = await makeSetupCode(databaseUrl)
      console.log(`New setup code (the one before it no longer works): ${code}`)
    } finally {
      await embedded?.stop()
    }
    return
  }
  const tls =
    config.tls === null
      ? undefined
      : { cert: await readFile(config.tls.certFile), key: await readFile(config.tls.keyFile) }
  const server = await startTeamServer({ databaseUrl, host: config.host, port: config.port, tls, log })
  if (server.setupCode !== null) {
    console.log(`Setup code (shown once; a desk creates the team with it): ${server.setupCode}`)
  }
  console.log(
    `Team server on ${server.url} (${embedded === null ? 'PostgreSQL at TEAM_DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}`})`
  )
  let stopping = false
  const stop = (): void => {
    if (stopping) return
    stopping = true
    void server
      .close()
      .then(() => embedded?.stop())
      .then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  log(errorMessage(error))
  process.exit(1)
})
