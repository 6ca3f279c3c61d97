import { randomUUID } from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'
import { ReadCache } from './read-cache'
import { statementsOf } from './statements'
import { z } from 'zod'
import { StoreError } from './store-error'
import { isoNow, type Clock } from './clock'
import { defaultQueryNames, queryNamesSchema, type QueryNames } from '../../../shared/ipc/channels/connections'

const httpUrlSchema = z.url({ protocol: /^https?$/ })

/**
 * Non-secret connection settings. Strict on purpose: an object carrying an API key, client
 * secret or token is refused rather than silently stripped, so a caller that mixes secrets in
 * finds out at once. Secrets belong in the vault.
 */
export const connectionInputSchema = z.strictObject({
  id: z.string().min(1).max(100).optional(),
  name: z.string().trim().min(1).max(100),
  kind: z.enum(['sandbox', 'remote']),
  baseUrl: httpUrlSchema,
  authUrl: httpUrlSchema.nullable().optional(),
  mcpUrl: httpUrlSchema.nullable().optional(),
  clientId: z.string().max(200).nullable().optional(),
  queryNames: queryNamesSchema.optional()
})
export type ConnectionInput = z.infer<typeof connectionInputSchema>

export interface Connection {
  id: string
  name: string
  kind: 'sandbox' | 'remote'
  baseUrl: string
  authUrl: string | null
  mcpUrl: string | null
  clientId: string | null
  queryNames: QueryNames
  createdAt: string
  updatedAt: string
}

interface ConnectionRow {
  id: string
  name: string
  kind: 'sandbox' | 'remote'
  base_url: string
  auth_url: string | null
  mcp_url: string | null
  client_id: string | null
  query_names: string
  created_at: string
  updated_at: string
}

export class ConnectionsRepo {
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly clock: Clock
  ) {}

  private readonly sql = statementsOf(() => this.db)

  /** Creates or replaces a connection's settings (by id). */
  save(input: ConnectionInput): Connection {
    const parsed = connectionInputSchema.safeParse(input)
    if (!parsed.success) {
      throw new StoreError('invalid_input', 'Some connection settings are not valid.', {
        details: { ...z.flattenError(parsed.error).fieldErrors, unknownKeys: unknownKeysOf(parsed.error) }
      })
    }
    const c = parsed.data
    const id = c.id ?? randomUUID()
    this.#cache?.forget()
    const now = isoNow(this.clock)
    this.sql(
      `INSERT INTO connections (id, name, kind, base_url, auth_url, mcp_url, client_id, query_names, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, kind = excluded.kind, base_url = excluded.base_url,
           auth_url = excluded.auth_url, mcp_url = excluded.mcp_url, client_id = excluded.client_id,
           query_names = excluded.query_names, updated_at = excluded.updated_at`
    ).run(
      id,
      c.name,
      c.kind,
      c.baseUrl,
      c.authUrl ?? null,
      c.mcpUrl ?? null,
      c.clientId ?? null,
      JSON.stringify(c.queryNames ?? defaultQueryNames),
      now,
      now
    )
    return this.get(id)
  }

  get(id: string): Connection {
    const row = this.sql('SELECT * FROM connections WHERE id = ?').get(id) as ConnectionRow | undefined
    if (row === undefined) throw new StoreError('not_found', `No connection ${id}.`, { details: { id } })
    return toConnection(row)
  }

  #cache: ReadCache<readonly Connection[]> | undefined

  /** Every connection, by name. Read on every API call, so kept (frozen) until the table changes. */
  list(): readonly Connection[] {
    return (this.#cache ??= new ReadCache(this.db)).get('list', () =>
      Object.freeze(
        (this.sql('SELECT * FROM connections ORDER BY name, id').all() as ConnectionRow[]).map((row) =>
          deepFreeze(toConnection(row))
        )
      )
    )
  }

  delete(id: string): void {
    this.#cache?.forget()
    if (this.sql('DELETE FROM connections WHERE id = ?').run(id).changes === 0) {
      throw new StoreError('not_found', `No connection ${id}.`, { details: { id } })
    }
  }
}

function deepFreeze(connection: Connection): Connection {
  Object.freeze(connection.queryNames)
  return Object.freeze(connection)
}

function unknownKeysOf(error: z.ZodError): string[] {
  return error.issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? issue.keys : []))
}

function toConnection(row: ConnectionRow): Connection {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    baseUrl: row.base_url,
    authUrl: row.auth_url,
    mcpUrl: row.mcp_url,
    clientId: row.client_id,
    queryNames: readQueryNames(row.query_names),
    createdAt: row.created_at,
    updatedAt: row.updated_at
  }
}

/** Built once: a zod schema compiles its parser on first use, which cost more than the whole query. */
const savedQueryNamesSchema = queryNamesSchema.partial()

/** Saved names, completed with the defaults; a damaged value falls back to them rather than failing. */
function readQueryNames(text: string): QueryNames {
  try {
    const parsed = savedQueryNamesSchema.safeParse(JSON.parse(text))
    return { ...defaultQueryNames, ...(parsed.success ? parsed.data : {}) }
  } catch {
    return { ...defaultQueryNames }
  }
}
