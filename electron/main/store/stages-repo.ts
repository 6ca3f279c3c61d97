import type BetterSqlite3 from 'better-sqlite3'
import { StoreError } from './store-error'
import { StatementCache } from './statements'

import { stageNameSchema, type Stage } from '../../../shared/ipc/channels/shortlists'
export { stageNameSchema, type Stage } from '../../../shared/ipc/channels/shortlists'

interface StageRow {
  id: number
  name: string
  position: number
  member_count: number
}

const selectStages = `
  SELECT st.id, st.name, st.position,
         (SELECT count(*) FROM members m WHERE m.stage_id = st.id) AS member_count
  FROM stages st`

/**
 * The editable list of pipeline stages (New, Contacted, Interviewing, Offer, Hired, Rejected by
 * default). The first stage by position is where new members start.
 */
export class StagesRepo {
  private readonly statements: StatementCache

  constructor(private readonly db: BetterSqlite3.Database) {
    this.statements = new StatementCache(db)
  }

  private sql(text: string): BetterSqlite3.Statement {
    return this.statements.get(text)
  }

  list(): Stage[] {
    return (this.sql(`${selectStages} ORDER BY st.position, st.id`).all() as StageRow[]).map(toStage)
  }

  add(name: string): Stage {
    const valid = validName(name)
    this.assertFree(valid)
    const next = this.sql('SELECT coalesce(max(position), -1) + 1 AS p FROM stages').get() as { p: number }
    const { lastInsertRowid } = this.sql('INSERT INTO stages (name, position) VALUES (?, ?)').run(valid, next.p)
    return this.get(Number(lastInsertRowid))
  }

  rename(id: number, name: string): Stage {
    const valid = validName(name)
    this.assertFree(valid, id)
    if (this.sql('UPDATE stages SET name = ? WHERE id = ?').run(valid, id).changes === 0) throw notFound(id)
    return this.get(id)
  }

  /** Sets the order; `ids` must name every stage exactly once. */
  reorder(ids: number[]): Stage[] {
    const current = this.list().map((stage) => stage.id)
    const same =
      ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id))
    if (!same)
      throw new StoreError('invalid_input', 'Reorder must list every stage exactly once.', { details: { ids } })
    const update = this.sql('UPDATE stages SET position = ? WHERE id = ?')
    this.db.transaction(() => ids.forEach((id, position) => update.run(position, id)))()
    return this.list()
  }

  /** Removes a stage; members in it move to `reassignTo`, or the call fails with stage_in_use. */
  remove(id: number, options: { reassignTo?: number } = {}): void {
    const stage = this.get(id)
    this.db.transaction(() => {
      if (stage.memberCount > 0) {
        if (options.reassignTo === undefined || options.reassignTo === id) {
          throw new StoreError('stage_in_use', `${stage.memberCount} members are in stage "${stage.name}".`, {
            details: { id, memberCount: stage.memberCount }
          })
        }
        const target = this.get(options.reassignTo)
        this.sql('UPDATE members SET stage_id = ? WHERE stage_id = ?').run(target.id, id)
      }
      if (this.list().length <= 1) throw new StoreError('invalid_input', 'At least one stage must remain.')
      this.sql('DELETE FROM stages WHERE id = ?').run(id)
    })()
  }

  get(id: number): Stage {
    const row = this.sql(`${selectStages} WHERE st.id = ?`).get(id) as StageRow | undefined
    if (row === undefined) throw notFound(id)
    return toStage(row)
  }

  /** Stage id for a name (case-insensitive); the first stage when no name is given. */
  resolve(name: string | undefined): number {
    const row = (
      name === undefined
        ? this.sql('SELECT id FROM stages ORDER BY position, id LIMIT 1').get()
        : this.sql('SELECT id FROM stages WHERE name = ?').get(name.trim())
    ) as { id: number } | undefined
    if (row === undefined)
      throw new StoreError('invalid_input', `Unknown stage "${name ?? ''}".`, { details: { stage: name } })
    return row.id
  }

  /** Id for a name, adding the stage at the end when missing (used by backup restore). */
  ensure(name: string): number {
    const row = this.sql('SELECT id FROM stages WHERE name = ?').get(name.trim()) as { id: number } | undefined
    return row?.id ?? this.add(name).id
  }

  private assertFree(name: string, exceptId?: number): void {
    const row = this.sql('SELECT id FROM stages WHERE name = ?').get(name) as { id: number } | undefined
    if (row !== undefined && row.id !== exceptId) {
      throw new StoreError('invalid_input', `A stage named "${name}" already exists.`, { details: { name } })
    }
  }
}

function validName(name: string): string {
  const parsed = stageNameSchema.safeParse(name)
  if (!parsed.success) throw new StoreError('invalid_input', 'A stage name must be 1 to 60 characters.')
  return parsed.data
}

function notFound(id: number): StoreError {
  return new StoreError('not_found', `No stage with id ${id}.`, { details: { id } })
}

function toStage(row: StageRow): Stage {
  return { id: row.id, name: row.name, position: row.position, memberCount: row.member_count }
}
