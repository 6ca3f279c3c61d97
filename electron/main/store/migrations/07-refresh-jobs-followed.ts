import type BetterSqlite3 from 'better-sqlite3'

/*
 * A job is written before its start is sent (tracking 'starting'), so a crash between the two
 * resumes it with the same client-made jobId; 'following' until the app has seen it end and
 * applied its profiles ('finished'), or the service no longer knows it ('lost'), or refused
 * to start it ('refused'). A member refreshed with different data keeps what changed.
 */
export const version = 7
export const name = 'refresh jobs followed across restarts; what a refresh changed'

export function up(db: BetterSqlite3.Database): void {
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
}
