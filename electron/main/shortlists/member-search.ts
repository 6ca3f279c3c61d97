import type BetterSqlite3 from 'better-sqlite3'
import { StatementCache } from '../store/statements'
import { foldSearchText } from '../store/search-text'
import { summaryColumns, toHit, type MemberRow } from '../store/member-rows'
import type { SearchHit } from '../../../shared/ipc/channels/shortlists'

/** Matches ranked for a common word: the newest this many (see `search`). */
export const SEARCH_CANDIDATES = 1000

type RankedRow = MemberRow & { shortlist_name: string; rank: number }

/**
 * Full-text search over saved people: name, title, company, skills, location, notes and tags,
 * within one shortlist or across all live ones, ranked by bm25.
 */
export class MemberSearch {
  private readonly statements: StatementCache

  constructor(db: BetterSqlite3.Database) {
    this.statements = new StatementCache(db)
  }

  /**
   * Words are matched folded (see search-text.ts: accents and letters such as ø or ł as typed on
   * a plain keyboard, `C#` as one word); the last as a prefix.
   */
  search(query: string, options: { shortlistId?: string; limit?: number } = {}): SearchHit[] {
    const match = ftsQuery(query)
    if (match === undefined) return []
    const limit = Math.min(Math.max(options.limit ?? 200, 1), 10_000)
    const shortlistId = options.shortlistId ?? null
    // A common word matches tens of thousands of people, and ranking every one of them cost
    // 30-60 ms a keystroke. Only the newest SEARCH_CANDIDATES matches are ranked: the index reads
    // them newest first and scores each as it goes, without looking at the older ones.
    const rows = this.#ranked(match, shortlistId, limit, SEARCH_CANDIDATES)
    // Filters (removed people, deleted shortlists, one shortlist) may have left too few of the
    // candidates when there were more matches than candidates: then everything is ranked.
    const rankAll = rows.length < limit && this.#matchesMoreThan(match, SEARCH_CANDIDATES)
    return (rankAll ? this.#ranked(match, shortlistId, limit, null) : rows).map(toHit)
  }

  /**
   * The best `limit` matches by bm25, among the newest `candidates` matches (all of them when
   * null). The candidates come from one pass over the index in rowid order, newest first, which
   * stops at `candidates`; scoring them there costs less than scoring after a `rowid >= ?` bound.
   * The filters and the ranking see only ids and scores; the listing columns are read for the
   * `limit` that are returned, not for every candidate.
   */
  #ranked(match: string, shortlistId: string | null, limit: number, candidates: number | null): RankedRow[] {
    const newest = candidates === null ? '' : 'ORDER BY rowid DESC LIMIT ?'
    return this.statements
      .get(
        `SELECT ${summaryColumns}, s.name AS shortlist_name, w.rank FROM
         (SELECT m.id, c.rank
            FROM (SELECT rowid AS id, bm25(members_fts, 10, 5, 5, 3, 3, 2, 2) AS rank
                    FROM members_fts WHERE members_fts MATCH ? ${newest}) c
            JOIN members m ON m.id = c.id
            JOIN shortlists s ON s.id = m.shortlist_id AND s.deleted_at IS NULL
           WHERE m.removed_at IS NULL AND (? IS NULL OR m.shortlist_id = ?)
           ORDER BY c.rank LIMIT ?) w
         JOIN members m ON m.id = w.id
         JOIN shortlists s ON s.id = m.shortlist_id
         JOIN stages st ON st.id = m.stage_id
         ORDER BY w.rank`
      )
      .all(...(candidates === null ? [match] : [match, candidates]), shortlistId, shortlistId, limit) as RankedRow[]
  }

  /** Whether more than `count` members match (read in rowid order, stopping after count + 1). */
  #matchesMoreThan(match: string, count: number): boolean {
    const row = this.statements
      .get('SELECT count(*) AS n FROM (SELECT rowid FROM members_fts WHERE members_fts MATCH ? LIMIT ?)')
      .get(match, count + 1) as { n: number }
    return row.n > count
  }
}

/**
 * Turns what a recruiter types into a safe FTS5 query: each word becomes a quoted phrase (so
 * operators and punctuation are literal), all words must match, the last one as a prefix.
 */
export function ftsQuery(input: string): string | undefined {
  const words = foldSearchText(input)
    .split(/\s+/)
    // a quote would end the phrase, and FTS5 reads a NUL as the end of the whole query
    .map((word) => word.replaceAll('"', '').replaceAll('\0', ''))
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
  if (words.length === 0) return undefined
  return words.map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`).join(' ')
}
