// Here, below the features, because two hand rows to the CSV writer: Export's own sources and
// Imports' enriched sheet (ports.ts, SheetRowsPort).

/**
 * What one CSV row is made from. `member` is absent for search results; `contact` is the latest
 * stored Contact Result for the profile, or the profile's own `contacts` object.
 */
export interface ExportRow {
  profile: Record<string, unknown>
  /** Values derived from the profile for readability; see `personOf` in export/export-rows.ts. */
  person?: {
    name: string
    /** For an ATS's import file (export/ats-presets.ts): the name split, the place in one line, the source. */
    firstName?: string
    lastName?: string
    address?: string
    source?: string
    /** Every email and phone known for them: the bought contact result's, then the profile's own. */
    emails?: string[]
    phones?: string[]
    /** Why the person must not be contacted, in words; set when the export flags them. */
    doNotContact?: string
    /** Where they already are in your ATS ("Greenhouse: Offer"), in words; set when the export flags them. */
    inYourAts?: string
  }
  member?: {
    shortlist: string
    stage: string
    rating: number | null
    tags: string[]
    notes: string
    addedAt: string
    profileCapturedAt: string
  }
  contact?: Record<string, unknown> | null
  /** A row of the Usage screen's transactions table (the profile is then empty). */
  transaction?: Record<string, unknown>
  /** A row of an imported spreadsheet: its cells as read, and what matching found. */
  sheet?: { cells: readonly string[]; match: Record<string, unknown> }
}
