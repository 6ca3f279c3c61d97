import type pg from 'pg'

/**
 * The team database's schema, as numbered migrations applied in order at every start. Each runs
 * once (schema_migrations keeps the numbers applied), all of them under one advisory lock, so two
 * instances starting on one database at once wait for each other instead of racing. A migration is
 * never edited once shipped: a change of schema is a new number at the end.
 */
export const migrations: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'teams, desks, invites, changes',
    sql: `
      CREATE TABLE setup_codes (
        hash bytea PRIMARY KEY,
        created_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE TABLE teams (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        salt bytea NOT NULL CHECK (length(salt) = 32),
        last_seq bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL
      );
      CREATE TABLE desks (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams (id),
        person_name text NOT NULL,
        desk_name text NOT NULL,
        role text NOT NULL CHECK (role IN ('admin', 'recruiter')),
        credential_hash bytea NOT NULL UNIQUE,
        joined_at timestamptz NOT NULL,
        last_seen_at timestamptz,
        revoked_at timestamptz
      );
      CREATE INDEX desks_team ON desks (team_id);
      CREATE TABLE invites (
        hash bytea PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams (id),
        role text NOT NULL CHECK (role IN ('admin', 'recruiter')),
        created_by uuid NOT NULL REFERENCES desks (id),
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        used_by uuid REFERENCES desks (id)
      );
      CREATE TABLE changes (
        team_id uuid NOT NULL REFERENCES teams (id),
        seq bigint NOT NULL,
        id uuid NOT NULL,
        kind text NOT NULL,
        payload jsonb,
        subjects text[] NOT NULL DEFAULT '{}',
        author_desk uuid NOT NULL REFERENCES desks (id),
        server_time timestamptz NOT NULL,
        desk_time text NOT NULL,
        PRIMARY KEY (team_id, seq),
        UNIQUE (team_id, id)
      );
      CREATE INDEX changes_subjects ON changes USING gin (subjects);
    `
  },
  {
    version: 2,
    name: 'budgets, holds, the team book',
    sql: `
      CREATE TABLE budgets (
        team_id uuid NOT NULL REFERENCES teams (id),
        account text NOT NULL,
        credits bigint NOT NULL CHECK (credits > 0),
        set_seq bigint NOT NULL,
        PRIMARY KEY (team_id, account)
      );
      CREATE TABLE holds (
        team_id uuid NOT NULL REFERENCES teams (id),
        hold_id uuid NOT NULL,
        desk_id uuid NOT NULL REFERENCES desks (id),
        account text NOT NULL,
        month text NOT NULL,
        credits bigint NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (team_id, hold_id)
      );
      CREATE INDEX holds_account ON holds (team_id, account, month);
      CREATE TABLE spend_book (
        team_id uuid NOT NULL REFERENCES teams (id),
        change_seq bigint NOT NULL,
        hold_id uuid NOT NULL,
        desk_id uuid NOT NULL REFERENCES desks (id),
        account text NOT NULL,
        month text NOT NULL,
        credits bigint NOT NULL,
        connection_name text NOT NULL,
        contact_type text NOT NULL,
        people integer NOT NULL,
        booked_at timestamptz NOT NULL,
        desk_time text NOT NULL,
        PRIMARY KEY (team_id, change_seq)
      );
      CREATE INDEX spend_book_month ON spend_book (team_id, month);
      CREATE INDEX spend_book_account ON spend_book (team_id, account, month);
    `
  },
  {
    // numbered 4 while other #38 branches were being written at the same time (3 left free); a number need only be unique
    version: 4,
    name: 'changes meant for named desks',
    sql: `
      -- the desks a change is meant for (the author among them); NULL: the whole team
      ALTER TABLE changes ADD COLUMN audience uuid[];
    `
  }
]

/** Any number will do as long as no other program on the database takes it: "tdteam" in ASCII. */
const MIGRATION_LOCK = 0x746474656d

/** Applies the migrations not yet applied, under the advisory lock. Returns the numbers it applied. */
export async function migrate(client: pg.ClientBase): Promise<number[]> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
  try {
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())'
    )
    const done = await client.query<{ version: number }>('SELECT version FROM schema_migrations')
    const applied = new Set(done.rows.map((row) => row.version))
    const now: number[] = []
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue
      await client.query('BEGIN')
      try {
        await client.query(migration.sql)
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name
        ])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK')
        throw error
      }
      now.push(migration.version)
    }
    return now
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK])
  }
}
