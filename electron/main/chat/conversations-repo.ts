import type BetterSqlite3 from 'better-sqlite3'
import { z } from 'zod'
import { StoreError } from '../store/store-error'
import { isoNow, type Clock } from '../store/clock'
import { parseStored } from '../store/json-text'

export const conversationTurnInputSchema = z.strictObject({
  role: z.enum(['user', 'assistant']),
  text: z.string().max(100_000),
  /** The structured query after this turn (the sandbox's current_query). */
  currentQuery: z.record(z.string(), z.unknown()).nullable().optional(),
  total: z.number().int().nullable().optional(),
  /** Result profiles shown with an assistant turn, kept so history reads offline. */
  results: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
  /** The service's answer as received (JSON text, verbatim). */
  raw: z.string().max(20_000_000).nullable().optional(),
  transactionId: z.string().max(200).nullable().optional(),
  /** The query the recruiter sent with a user turn (after editing the chips). */
  sentQuery: z.record(z.string(), z.unknown()).nullable().optional()
})
export type ConversationTurnInput = z.infer<typeof conversationTurnInputSchema>

export interface ConversationTurn {
  id: number
  role: 'user' | 'assistant'
  text: string
  currentQuery: Record<string, unknown> | null
  total: number | null
  results: Array<Record<string, unknown>> | null
  raw: string | null
  transactionId: string | null
  sentQuery: Record<string, unknown> | null
  createdAt: string
}

export interface ConversationSummary {
  id: string
  /** The service's own id for it, once it sent one. */
  remoteId: string | null
  connectionId: string | null
  title: string
  currentQuery: Record<string, unknown> | null
  createdAt: string
  updatedAt: string
  deletedAt: string | null
  turnCount: number
}

export interface Conversation extends ConversationSummary {
  turns: ConversationTurn[]
}

interface ConversationRow {
  id: string
  remote_id: string | null
  connection_id: string | null
  deleted_at: string | null
  title: string
  current_query: string | null
  created_at: string
  updated_at: string
  turn_count: number
}

interface TurnRow {
  id: number
  role: 'user' | 'assistant'
  text: string
  current_query: string | null
  total: number | null
  results_json: string | null
  raw_json: string | null
  transaction_id: string | null
  sent_query: string | null
  created_at: string
}

const selectConversations = `SELECT c.*, (SELECT count(*) FROM conversation_turns t WHERE t.conversation_id = c.id) AS turn_count
  FROM conversations c`

/** Conversational search histories: turns in order, and the conversation's current_query. */
export class ConversationsRepo {
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly clock: Clock
  ) {}

  /** Creates the conversation if needed. */
  ensure(id: string, title = '', connectionId: string | null = null): ConversationSummary {
    const now = isoNow(this.clock)
    this.db
      .prepare(
        `INSERT INTO conversations (id, title, connection_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (id) DO NOTHING`
      )
      .run(id, title.slice(0, 200), connectionId, now, now)
    return this.summary(id)
  }

  /** The service's conversation id, kept the first time it is sent (a change is kept too). */
  setRemoteId(id: string, remoteId: string): void {
    this.db.prepare('UPDATE conversations SET remote_id = ? WHERE id = ?').run(remoteId, id)
  }

  /** Appends a turn; a turn carrying currentQuery also becomes the conversation's current_query. */
  addTurn(conversationId: string, input: ConversationTurnInput): ConversationTurn {
    const parsed = conversationTurnInputSchema.safeParse(input)
    if (!parsed.success) {
      throw new StoreError('invalid_input', 'Invalid conversation turn.', {
        details: z.flattenError(parsed.error).fieldErrors
      })
    }
    const turn = parsed.data
    const now = isoNow(this.clock)
    return this.db.transaction(() => {
      const conversation = this.ensure(conversationId, turn.role === 'user' ? turn.text : '')
      if (conversation.title === '' && turn.role === 'user') {
        this.db.prepare('UPDATE conversations SET title = ? WHERE id = ?').run(turn.text.slice(0, 200), conversationId)
      }
      const query = turn.currentQuery == null ? null : JSON.stringify(turn.currentQuery)
      const { lastInsertRowid } = this.db
        .prepare(
          `INSERT INTO conversation_turns (conversation_id, role, text, current_query, total, results_json, raw_json,
             transaction_id, sent_query, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
        )
        .run(
          conversationId,
          turn.role,
          turn.text,
          query,
          turn.total ?? null,
          turn.results == null ? null : JSON.stringify(turn.results),
          turn.raw ?? null,
          turn.transactionId ?? null,
          turn.sentQuery == null ? null : JSON.stringify(turn.sentQuery),
          now
        )
      this.db
        .prepare('UPDATE conversations SET updated_at = ?, current_query = coalesce(?, current_query) WHERE id = ?')
        .run(now, query, conversationId)
      return toTurn(this.db.prepare('SELECT * FROM conversation_turns WHERE id = ?').get(lastInsertRowid) as TurnRow)
    })()
  }

  setCurrentQuery(conversationId: string, currentQuery: Record<string, unknown> | null): ConversationSummary {
    const changes = this.db
      .prepare('UPDATE conversations SET current_query = ?, updated_at = ? WHERE id = ?')
      .run(currentQuery === null ? null : JSON.stringify(currentQuery), isoNow(this.clock), conversationId).changes
    if (changes === 0) throw notFound(conversationId)
    return this.summary(conversationId)
  }

  rename(conversationId: string, title: string): ConversationSummary {
    const changes = this.db
      .prepare('UPDATE conversations SET title = ? WHERE id = ?')
      .run(title.slice(0, 200), conversationId).changes
    if (changes === 0) throw notFound(conversationId)
    return this.summary(conversationId)
  }

  get(conversationId: string): Conversation {
    const summary = this.summary(conversationId)
    const turns = this.db
      .prepare('SELECT * FROM conversation_turns WHERE conversation_id = ? ORDER BY id')
      .all(conversationId) as TurnRow[]
    return { ...summary, turns: turns.map(toTurn) }
  }

  /**
   * Newest first, deleted ones left out. With a connection: its conversations and those older
   * than connections (no connection recorded).
   */
  list(options: { connectionId?: string; limit?: number } | number = {}): ConversationSummary[] {
    const { connectionId, limit = 200 } = typeof options === 'number' ? { limit: options } : options
    const where =
      connectionId === undefined
        ? 'WHERE c.deleted_at IS NULL'
        : 'WHERE c.deleted_at IS NULL AND (c.connection_id = ? OR c.connection_id IS NULL)'
    const args = connectionId === undefined ? [limit] : [connectionId, limit]
    return (
      this.db
        .prepare(`${selectConversations} ${where} ORDER BY c.updated_at DESC, c.id LIMIT ?`)
        .all(...args) as ConversationRow[]
    ).map(toSummary)
  }

  /** Out of the list, restorable (Undo) until purged with Recently deleted's other entries. */
  softDelete(conversationId: string): ConversationSummary {
    const changes = this.db
      .prepare('UPDATE conversations SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL')
      .run(isoNow(this.clock), conversationId).changes
    if (changes === 0) throw notFound(conversationId)
    return this.summary(conversationId)
  }

  restore(conversationId: string): ConversationSummary {
    const changes = this.db
      .prepare('UPDATE conversations SET deleted_at = NULL WHERE id = ? AND deleted_at IS NOT NULL')
      .run(conversationId).changes
    if (changes === 0) throw notFound(conversationId)
    return this.summary(conversationId)
  }

  /** Deleted more than `days` ago: gone for good (with Recently deleted's other entries). */
  purgeDeleted(days: number): number {
    const before = new Date(this.clock.now().getTime() - days * 86_400_000).toISOString()
    return this.db.prepare('DELETE FROM conversations WHERE deleted_at IS NOT NULL AND deleted_at < ?').run(before)
      .changes
  }

  delete(conversationId: string): void {
    if (this.db.prepare('DELETE FROM conversations WHERE id = ?').run(conversationId).changes === 0)
      throw notFound(conversationId)
  }

  private summary(id: string): ConversationSummary {
    const row = this.db.prepare(`${selectConversations} WHERE c.id = ?`).get(id) as ConversationRow | undefined
    if (row === undefined) throw notFound(id)
    return toSummary(row)
  }
}

function notFound(id: string): StoreError {
  return new StoreError('not_found', `No conversation ${id}.`, { details: { id } })
}

function toSummary(row: ConversationRow): ConversationSummary {
  return {
    id: row.id,
    remoteId: row.remote_id,
    connectionId: row.connection_id,
    deletedAt: row.deleted_at,
    title: row.title,
    currentQuery: parseStored(row.current_query),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    turnCount: row.turn_count
  }
}

function toTurn(row: TurnRow): ConversationTurn {
  return {
    id: row.id,
    role: row.role,
    text: row.text,
    currentQuery: parseStored(row.current_query),
    total: row.total,
    results: parseStored<Array<Record<string, unknown>>>(row.results_json),
    raw: row.raw_json,
    transactionId: row.transaction_id,
    sentQuery: parseStored(row.sent_query),
    createdAt: row.created_at
  }
}
