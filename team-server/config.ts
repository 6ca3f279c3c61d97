/**
 * The server's settings, all from the environment (the Dockerfile, compose file, systemd unit and
 * docs name these same variables; test/team-server/packaging.test.ts checks they agree).
 */
export const environmentVariables = [
  'TEAM_DATABASE_URL',
  'TEAM_DATA_DIR',
  'TEAM_HOST',
  'TEAM_PORT',
  'TEAM_TLS_CERT',
  'TEAM_TLS_KEY'
] as const

export type TeamServerConfig = {
  /** PostgreSQL 15 or later; when absent, the embedded PostgreSQL in `dataDir`. */
  databaseUrl: string | null
  dataDir: string
  host: string
  port: number
  tls: { certFile: string; keyFile: string } | null
}

export function readConfig(env: Record<string, string | undefined>): TeamServerConfig {
  const port = Number(env.TEAM_PORT ?? '8787')
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`TEAM_PORT must be a port number, got "${env.TEAM_PORT}"`)
  const certFile = env.TEAM_TLS_CERT?.trim() || null
  const keyFile = env.TEAM_TLS_KEY?.trim() || null
  if ((certFile === null) !== (keyFile === null)) {
    throw new Error('Set both TEAM_TLS_CERT and TEAM_TLS_KEY (the certificate and its key, PEM files), or neither')
  }
  return {
    databaseUrl: env.TEAM_DATABASE_URL?.trim() || null,
    dataDir: env.TEAM_DATA_DIR?.trim() || './.team-data',
    host: env.TEAM_HOST?.trim() || '127.0.0.1',
    port,
    tls: certFile !== null && keyFile !== null ? { certFile, keyFile } : null
  }
}
