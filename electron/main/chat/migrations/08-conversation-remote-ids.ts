import type BetterSqlite3 from 'better-sqlite3'

/*
 * A conversation has the app's own id; the service's conversation_id (when it sends one) is
 * kept beside it, since a server may name it differently or not at all. Each answer is kept
 * verbatim (raw_json) with its transaction id, and the query the recruiter sent with a turn.
 */
export const version = 8
export const name = 'conversations: the service’s own id, soft delete, each answer as received'

export function up(db: BetterSqlite3.Database): void {
  db.exec(`ALTER TABLE conversations ADD COLUMN remote_id TEXT;
        ALTER TABLE conversations ADD COLUMN deleted_at TEXT;
        ALTER TABLE conversation_turns ADD COLUMN raw_json TEXT;
        ALTER TABLE conversation_turns ADD COLUMN transaction_id TEXT;
        ALTER TABLE conversation_turns ADD COLUMN sent_query TEXT;
        CREATE INDEX conversations_connection ON conversations(connection_id, updated_at);`)
}
