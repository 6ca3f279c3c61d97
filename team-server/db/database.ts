import pg from 'pg'

/** The one pool an instance holds. Its idle connections dying (PostgreSQL restarted) is not fatal. */
export function makePool(databaseUrl: string, onError: (message: string) => void): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000
  })
  pool.on('error', (error) => onError(`idle database connection lost: ${error.message}`))
  return pool
}

const connectionCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'])

/**
 * Whether an error means the database cannot be reached right now (down, restarting, the
 * connection cut), as opposed to a fault in a query: the first is answered 'unavailable', and the
 * next request tries again on a fresh connection.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    if (connectionCodes.has(code)) return true
    // 08: connection exceptions; 57P01–57P03: shutting down, crashed, cannot connect now
    if (code.startsWith('08') || /^57P0[1-3]$/.test(code)) return true
  }
  return /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed|the database system is (starting up|shutting down)/i.test(
    error.message
  )
}

/**
 * Runs `work` in one transaction on one connection: COMMIT when it returns, ROLLBACK when it
 * throws. A connection that failed is thrown away, not given back to the pool.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  let broken = false
  try {
    await client.query('BEGIN')
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    broken = isDatabaseUnavailable(error)
    if (!broken) await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release(broken)
  }
}
