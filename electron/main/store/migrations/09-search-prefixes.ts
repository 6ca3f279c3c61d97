import type BetterSqlite3 from 'better-sqlite3'
import { foldedSearchSchema } from './03-folded-search'

/**
 * Version 9: the same index with prefix indexes for the first one to three letters. The last word
 * a recruiter types is matched as a prefix; without these, a short prefix such as "s" merged the
 * lists of every word starting with it (tens of milliseconds on 100,000 people) on each keystroke.
 */
const prefixedSearchSchema = foldedSearchSchema.replace(
  "tokenize = 'unicode61 remove_diacritics 2'",
  "tokenize = 'unicode61 remove_diacritics 2',\n  prefix = '1 2 3'"
)

export const version = 9
export const name = 'saved-people search: prefix indexes for one to three letters'

export function up(db: BetterSqlite3.Database): void {
  if (!prefixedSearchSchema.includes("prefix = '1 2 3'")) throw new Error('the prefix option was not added')
  db.exec(prefixedSearchSchema)
}
