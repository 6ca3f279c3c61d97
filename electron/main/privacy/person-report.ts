import type { DataController, PersonDescription } from '../../../shared/ipc/channels/personal-data'
import type { CopyLanguage } from '../../../shared/copy-languages'
import type { PersonalDataCopy } from '../personal-data/every-owner'
import type { LawfulBasis, ProvenanceLine } from '../../../shared/ipc/channels/provenance'

/*
 * The access-request copy of one person: the whole copy as JSON (every table's rows as stored,
 * about them only), and beside it a page the person can read (copy-page.ts) in their language.
 */

export const PERSON_COPY_FORMAT = 'talent-desk-personal-data'

export interface PersonCopyParts {
  description: PersonDescription
  copy: PersonalDataCopy
  exportedAt: string
  /** The person's language: the page is written in it; the JSON says which. */
  language: CopyLanguage
  /** Who is responsible, as set in Settings → Personal data; null until it is. */
  controller: DataController | null
}

/**
 * Where the records came from and the basis the person is held on, read from the copy's own
 * tables (the provenance owner's `provenance` and `lawful_basis` rows), so the summary and the
 * JSON say it in one place. Nothing recorded: held on legitimate interest, the default.
 */
export interface CopyProvenance {
  lines: ProvenanceLine[]
  basis: LawfulBasis
}

const DEFAULT_BASIS: LawfulBasis = {
  basis: 'legitimate-interest',
  consentedOn: null,
  other: null,
  noticeSentOn: null,
  setAt: null
}

export function provenanceIn(copy: PersonalDataCopy): CopyProvenance {
  const rowsOf = (table: string) => copy.tables.filter((held) => held.table === table).flatMap((held) => held.rows)
  const lines = rowsOf('provenance') as unknown as ProvenanceLine[]
  const basis = (rowsOf('lawful_basis')[0] as unknown as LawfulBasis | undefined) ?? DEFAULT_BASIS
  return { lines, basis }
}

export function personCopyJson({ description, copy, exportedAt, language, controller }: PersonCopyParts): string {
  return `${JSON.stringify(
    {
      format: PERSON_COPY_FORMAT,
      // 3: about the person only (others' entries and words left out); `language`, `controller`
      // 2: `provenance` holds the lines and the basis (1 said they were not recorded)
      version: 3,
      exportedAt,
      language,
      controller,
      person: copy.person,
      held: description.holdings.map(({ owner, table, label, rows }) => ({ owner, table, label, rows })),
      forgottenBefore: description.forgotten,
      tables: copy.tables.map(({ owner, table, label, rows }) => ({ owner, table, label, rows })),
      provenance: provenanceIn(copy),
      problems: [...description.problems, ...copy.problems]
    },
    null,
    2
  )}\n`
}
