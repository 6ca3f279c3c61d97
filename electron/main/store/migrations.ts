import type BetterSqlite3 from 'better-sqlite3'
import { budgetActivity, budgetsSchema } from './budgets-schema'
import { doNotContactImportsSchema, doNotContactSchema } from './do-not-contact-schema'
import { activitySchema, shortlistsSchema } from './initial-schema'
import { knownPeopleSchema } from './known-people-schema'
import { foldedSearch, prefixedSearchSchema, profileDateColumns } from './member-backfills'
import { provenanceSchema } from './provenance-schema'
import { retentionPeople } from './retention-migration'
import { retentionOpenedSchema } from './retention-opened-schema'

/**
 * Ordered schema migrations. `PRAGMA user_version` holds the number of the last one applied.
 * Never edit a released migration: append a new one. Each runs in its own transaction together
 * with the user_version bump, so a failed migration leaves the previous version intact.
 */
export interface Migration {
  version: number
  name: string
  up(db: BetterSqlite3.Database): void
}

export const migrations: readonly Migration[] = [
  { version: 1, name: 'shortlists, members, stages, full-text index', up: (db) => db.exec(shortlistsSchema) },
  {
    version: 2,
    name: 'contacts, credits, refresh jobs, conversations, connections, api log',
    up: (db) => db.exec(activitySchema)
  },
  { version: 3, name: 'folded saved-people search with location', up: foldedSearch },
  {
    version: 4,
    name: 'removed members stay in Recently deleted',
    // Removing a person stamps removed_at; lists, counts, search and export skip stamped rows,
    // Recently deleted lists them, and they are purged 30 days later or when emptied.
    up: (db) =>
      db.exec(`ALTER TABLE members ADD COLUMN removed_at TEXT;
        CREATE INDEX members_removed ON members(removed_at) WHERE removed_at IS NOT NULL;`)
  },
  {
    version: 5,
    name: 'connections own what came from them; settings; recent searches',
    // Everything saved from the API records which connection it came from (rows older than this
    // migration have none and are shown under every connection). The parameter names the spec
    // leaves unnamed are per connection. Secrets stay in the vault: nothing here holds one.
    up: (db) =>
      db.exec(`ALTER TABLE connections ADD COLUMN query_names TEXT NOT NULL DEFAULT '{}';
        ALTER TABLE contact_results ADD COLUMN connection_id TEXT;
        ALTER TABLE credit_counts ADD COLUMN connection_id TEXT;
        ALTER TABLE refresh_jobs ADD COLUMN connection_id TEXT;
        ALTER TABLE conversations ADD COLUMN connection_id TEXT;
        CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE recent_searches (
          id INTEGER PRIMARY KEY,
          connection_id TEXT,
          request_json TEXT NOT NULL,
          options_json TEXT NOT NULL,
          signature TEXT NOT NULL,
          result_count INTEGER,
          searched_at TEXT NOT NULL
        );
        CREATE UNIQUE INDEX recent_searches_signature ON recent_searches(connection_id, signature);
        CREATE INDEX recent_searches_at ON recent_searches(searched_at);`)
  },
  {
    version: 6,
    name: 'credit ledger and contact purchases',
    // Every spend (or refused or uncertain spend) of contact credits, with the keys it was for and
    // the counts before and after; and which keys are bought, per connection and contact type, so
    // a quote knows what is free. A purchase is recorded only from the service's own answer.
    up: (db) =>
      db.exec(`CREATE TABLE credit_ledger (
          id INTEGER PRIMARY KEY,
          connection_id TEXT NOT NULL,
          recorded_at TEXT NOT NULL,
          purchase_id TEXT NOT NULL,
          contact_type TEXT NOT NULL,
          keys_json TEXT NOT NULL,
          outcome TEXT NOT NULL CHECK (outcome IN ('bought', 'refused', 'unknown')),
          credits_spent INTEGER,
          available_before INTEGER,
          used_before INTEGER,
          available_after INTEGER,
          used_after INTEGER,
          transaction_id TEXT,
          message TEXT
        );
        CREATE INDEX credit_ledger_connection ON credit_ledger(connection_id, id);
        CREATE TABLE contact_purchases (
          connection_id TEXT NOT NULL,
          contact_type TEXT NOT NULL,
          profile_key TEXT NOT NULL,
          ledger_id INTEGER NOT NULL REFERENCES credit_ledger(id),
          bought_at TEXT NOT NULL,
          PRIMARY KEY (connection_id, contact_type, profile_key)
        );`)
  },
  {
    version: 7,
    name: 'refresh jobs followed across restarts; what a refresh changed',
    // A job is written before its start is sent (tracking 'starting'), so a crash between the two
    // resumes it with the same client-made jobId; 'following' until the app has seen it end and
    // applied its profiles ('finished'), or the service no longer knows it ('lost'), or refused
    // to start it ('refused'). A member refreshed with different data keeps what changed.
    up: (db) =>
      db.exec(`ALTER TABLE refresh_jobs ADD COLUMN tracking TEXT NOT NULL DEFAULT 'following'
          CHECK (tracking IN ('starting', 'following', 'finished', 'lost', 'refused'));
        ALTER TABLE refresh_jobs ADD COLUMN label TEXT NOT NULL DEFAULT '';
        ALTER TABLE refresh_jobs ADD COLUMN shortlist_id TEXT;
        ALTER TABLE refresh_jobs ADD COLUMN options_json TEXT NOT NULL DEFAULT '{}';
        ALTER TABLE refresh_jobs ADD COLUMN message TEXT;
        ALTER TABLE refresh_jobs ADD COLUMN finished_at TEXT;
        ALTER TABLE refresh_jobs ADD COLUMN outcome_json TEXT;
        CREATE INDEX refresh_jobs_tracking ON refresh_jobs(tracking) WHERE tracking IN ('starting', 'following');
        CREATE INDEX refresh_jobs_created ON refresh_jobs(created_at);
        ALTER TABLE members ADD COLUMN refresh_changes TEXT NOT NULL DEFAULT '[]';`)
  },
  {
    version: 8,
    name: 'conversations: the service’s own id, soft delete, each answer as received',
    // A conversation has the app's own id; the service's conversation_id (when it sends one) is
    // kept beside it, since a server may name it differently or not at all. Each answer is kept
    // verbatim (raw_json) with its transaction id, and the query the recruiter sent with a turn.
    up: (db) =>
      db.exec(`ALTER TABLE conversations ADD COLUMN remote_id TEXT;
        ALTER TABLE conversations ADD COLUMN deleted_at TEXT;
        ALTER TABLE conversation_turns ADD COLUMN raw_json TEXT;
        ALTER TABLE conversation_turns ADD COLUMN transaction_id TEXT;
        ALTER TABLE conversation_turns ADD COLUMN sent_query TEXT;
        CREATE INDEX conversations_connection ON conversations(connection_id, updated_at);`)
  },
  {
    version: 9,
    name: 'saved-people search: prefix indexes for one to three letters',
    up: (db) => {
      if (!prefixedSearchSchema.includes("prefix = '1 2 3'")) throw new Error('the prefix option was not added')
      db.exec(prefixedSearchSchema)
    }
  },
  {
    version: 10,
    name: 'credit ledger: epochs (a reset of the service ends one)',
    // A reset of the Sandbox gives back its credits and forgets its purchases. The ledger keeps
    // the rows as history, marked with the reset's time, and they no longer count as bought.
    up: (db) => db.exec(`ALTER TABLE credit_ledger ADD COLUMN reset_at TEXT;`)
  },
  { version: 11, name: 'how old saved data is: the profile’s own dates', up: profileDateColumns },
  {
    version: 12,
    name: 'bulk match from a spreadsheet: import batches and their rows',
    // A batch is one sheet of one file on one connection; each row keeps its cells as read, the
    // request built from the mapping, what the service answered (candidates, transaction id) and
    // the recruiter's decision. Rows are answered one by one, so a restart resumes with the rows
    // still 'pending' and never answers a row twice.
    up: (db) =>
      db.exec(`CREATE TABLE import_batches (
          id TEXT PRIMARY KEY,
          connection_id TEXT NOT NULL,
          file_name TEXT NOT NULL,
          format TEXT NOT NULL CHECK (format IN ('csv', 'xlsx')),
          sheet TEXT,
          sheets_json TEXT NOT NULL DEFAULT '[]',
          encoding TEXT,
          delimiter TEXT,
          notes_json TEXT NOT NULL DEFAULT '[]',
          header_row INTEGER NOT NULL DEFAULT 0,
          mapping_json TEXT NOT NULL DEFAULT '[]',
          state TEXT NOT NULL DEFAULT 'mapping'
            CHECK (state IN ('mapping', 'matching', 'paused', 'done', 'cancelled')),
          threshold INTEGER NOT NULL,
          problem TEXT,
          shortlist_id TEXT,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE INDEX import_batches_connection ON import_batches(connection_id, created_at);
        CREATE TABLE import_rows (
          batch_id TEXT NOT NULL REFERENCES import_batches(id) ON DELETE CASCADE,
          row_no INTEGER NOT NULL,
          cells_json TEXT NOT NULL,
          request_json TEXT,
          outcome TEXT NOT NULL DEFAULT 'pending'
            CHECK (outcome IN ('skipped', 'unmatchable', 'duplicate', 'pending', 'matched', 'doubtful', 'none', 'failed')),
          duplicate_of INTEGER,
          duplicates INTEGER NOT NULL DEFAULT 0,
          transaction_id TEXT,
          profiles_json TEXT,
          best_key TEXT,
          error TEXT,
          decision TEXT CHECK (decision IN ('accepted', 'rejected')),
          chosen_key TEXT,
          PRIMARY KEY (batch_id, row_no)
        ) WITHOUT ROWID;
        CREATE INDEX import_rows_outcome ON import_rows(batch_id, outcome);`)
  },
  {
    version: 13,
    name: 'watches: saved searches, watches and their runs, activity',
    // A run is written (with the job ids it will use) before anything is sent, in the same
    // transaction that moves the watch's next run, so a crash neither repeats nor loses it. A
    // saved search remembers every key it has found; activity entries carry a source key so the
    // same news is never entered twice.
    up: (db) =>
      db.exec(`CREATE TABLE saved_searches (
          id TEXT PRIMARY KEY,
          connection_id TEXT NOT NULL,
          name TEXT NOT NULL,
          query_json TEXT NOT NULL,
          created_at TEXT NOT NULL,
          deleted_at TEXT,
          first_looked_at TEXT
        );
        CREATE INDEX saved_searches_connection ON saved_searches(connection_id, created_at);
        CREATE TABLE saved_search_seen (
          saved_search_id TEXT NOT NULL REFERENCES saved_searches(id) ON DELETE CASCADE,
          profile_key TEXT NOT NULL,
          first_seen_at TEXT NOT NULL,
          PRIMARY KEY (saved_search_id, profile_key)
        ) WITHOUT ROWID;
        CREATE TABLE watches (
          id TEXT PRIMARY KEY,
          connection_id TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('shortlist', 'search')),
          target_id TEXT NOT NULL,
          max_age_days INTEGER,
          every_hours INTEGER NOT NULL,
          paused INTEGER NOT NULL DEFAULT 0,
          next_run_at TEXT NOT NULL,
          last_run_at TEXT,
          last_result TEXT,
          created_at TEXT NOT NULL,
          UNIQUE (connection_id, kind, target_id)
        );
        CREATE TABLE watch_runs (
          id TEXT PRIMARY KEY,
          watch_id TEXT NOT NULL,
          connection_id TEXT NOT NULL,
          started_at TEXT NOT NULL,
          state TEXT NOT NULL CHECK (state IN ('planned', 'done')),
          plan_json TEXT NOT NULL DEFAULT '[]',
          jobs INTEGER NOT NULL DEFAULT 0,
          people INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX watch_runs_connection ON watch_runs(connection_id, started_at);
        ALTER TABLE refresh_jobs ADD COLUMN watch_id TEXT;
        CREATE TABLE activity (
          id INTEGER PRIMARY KEY,
          connection_id TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('person_changed', 'new_people', 'refresh_ended')),
          text TEXT NOT NULL,
          created_at TEXT NOT NULL,
          read_at TEXT,
          shortlist_id TEXT,
          watch_id TEXT,
          link_json TEXT NOT NULL,
          changes_json TEXT NOT NULL DEFAULT '[]',
          people_json TEXT NOT NULL DEFAULT '[]',
          source_key TEXT
        );
        CREATE UNIQUE INDEX activity_source ON activity(source_key) WHERE source_key IS NOT NULL;
        CREATE INDEX activity_connection ON activity(connection_id, id);`)
  },
  {
    version: 14,
    name: 'import rows: the sheet’s own row number',
    // row_no counts the rows read (empty ones left out); sheet_row is the row as the spreadsheet
    // program numbers it, the one named to the recruiter. Rows read before it have only row_no.
    up: (db) =>
      db.exec(`ALTER TABLE import_rows ADD COLUMN sheet_row INTEGER;
        UPDATE import_rows SET sheet_row = row_no;`)
  },
  {
    version: 15,
    name: 'import rows: why a row was matched, doubtful or none',
    // the reason in the recruiter's words ("same name and employer"), written with the answer;
    // rows answered before it have none
    up: (db) => db.exec(`ALTER TABLE import_rows ADD COLUMN reason TEXT;`)
  },
  {
    version: 16,
    name: 'tombstones of forgotten people',
    // What forgetting a person leaves (personal-data/tombstones.ts): the date and a reason code,
    // and a salted hash of each of their key, emails and handles; never clear text.
    up: (db) =>
      db.exec(`CREATE TABLE tombstones (
          id INTEGER PRIMARY KEY,
          forgotten_at TEXT NOT NULL,
          reason TEXT NOT NULL
        );
        CREATE TABLE tombstone_hashes (
          hash TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('key', 'email', 'handle')),
          tombstone_id INTEGER NOT NULL REFERENCES tombstones(id) ON DELETE CASCADE,
          PRIMARY KEY (hash, tombstone_id)
        ) WITHOUT ROWID;`)
  },
  {
    version: 17,
    name: 'export log',
    // Every file that took people's data out of the app (export-log/): what, from where, how
    // many people, the files' names (and folder for a desktop save), when, through which
    // connection. person_key only on an access-request copy, so forgetting them blanks its names.
    up: (db) =>
      db.exec(`CREATE TABLE export_log (
          id INTEGER PRIMARY KEY,
          exported_at TEXT NOT NULL,
          kind TEXT NOT NULL,
          format TEXT NOT NULL,
          source TEXT NOT NULL,
          people INTEGER NOT NULL,
          files_json TEXT NOT NULL,
          delivery TEXT NOT NULL CHECK (delivery IN ('file', 'download')),
          connection_id TEXT,
          connection_name TEXT,
          person_key TEXT
        );
        CREATE INDEX export_log_person ON export_log(person_key) WHERE person_key IS NOT NULL;`)
  },
  {
    version: 18,
    name: 'provenance and lawful basis',
    // Where each person and contact held came from, and the basis each person is held on
    // (provenance/, store/provenance-schema.ts).
    up: provenanceSchema
  },
  { version: 19, name: 'do-not-contact list', up: doNotContactSchema },
  {
    version: 20,
    name: 'retention: people kept, deleting soon told',
    // When the recruiter kept someone and the date Activity said they go (retention/,
    // store/retention-migration.ts); Activity's kinds gain deleting_soon.
    up: retentionPeople
  },
  {
    version: 21,
    name: 'known-people lists',
    // People the recruiter already has, from ATS exports (known-people/, store/known-people-schema.ts).
    up: knownPeopleSchema
  },
  {
    version: 22,
    name: 'credit budgets and where each spend was made from',
    // Budgets per connection, shortlist and import batch; spends tagged with their feature,
    // shortlist and batch (budgets/, store/budgets-schema.ts). What was spent stays in credit_ledger.
    up: budgetsSchema
  },
  {
    version: 23,
    name: 'retention: when a person was last opened',
    // Opening a person counts as activity (retention/, store/retention-opened-schema.ts).
    up: retentionOpenedSchema
  },
  {
    version: 24,
    name: 'activity tells budgets reached',
    // Activity's kinds gain budget: 75% and 100% of a budget, once per period (store/budgets-schema.ts).
    up: budgetActivity
  },
  {
    version: 25,
    name: 'do-not-contact imports and count',
    // A large list imported hidden then shown; its count kept (do-not-contact/, store/do-not-contact-schema.ts).
    up: doNotContactImportsSchema
  }
]

export function latestVersion(list: readonly Migration[] = migrations): number {
  return list.reduce((max, m) => Math.max(max, m.version), 0)
}
