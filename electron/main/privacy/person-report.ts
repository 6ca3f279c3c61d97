import { erasureReasonLabels, type PersonDescription } from '../../../shared/ipc/channels/personal-data'
import type { PersonalDataCopy } from '../personal-data/every-owner'
import {
  lawfulBasisLabels,
  provenanceKindLabels,
  type LawfulBasis,
  type ProvenanceLine
} from '../../../shared/ipc/channels/provenance'

/*
 * The access-request copy of one person: the whole copy as JSON (every table's rows as stored),
 * and a summary a person can read (HTML, one page, no script, no outside resource).
 */

export const PERSON_COPY_FORMAT = 'talent-desk-personal-data'

export interface PersonCopyParts {
  description: PersonDescription
  copy: PersonalDataCopy
  exportedAt: string
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

/** The basis in words: "Consent (given on 2026-03-02)". */
export function basisText(basis: LawfulBasis): string {
  const label = lawfulBasisLabels[basis.basis]
  if (basis.basis === 'consent' && basis.consentedOn !== null) return `${label} (given on ${basis.consentedOn})`
  if (basis.basis === 'other' && basis.other !== null) return `${label}: ${basis.other}`
  return label
}

/** One line in words: "2026-11-26 — Found by a search: backend engineers — into Backend Q4 — on Sandbox". */
export function provenanceLineText(line: ProvenanceLine): string {
  return [
    line.at.slice(0, 10),
    `${provenanceKindLabels[line.kind] ?? line.kind}${line.detail === '' ? '' : `: ${line.detail}`}${line.importRow === null ? '' : `, row ${line.importRow}`}`,
    ...(line.shortlist === null ? [] : [`into ${line.shortlist}`]),
    ...(line.connection === null ? [] : [`on ${line.connection.name}`])
  ].join(' — ')
}

export function personCopyJson({ description, copy, exportedAt }: PersonCopyParts): string {
  return `${JSON.stringify(
    {
      format: PERSON_COPY_FORMAT,
      // 2: `provenance` holds the lines and the basis (1 said they were not recorded)
      version: 2,
      exportedAt,
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

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char
  )

/** A stored value as text: JSON text shown indented, objects as JSON, the rest as written. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') {
    const trimmed = value.trim()
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        return JSON.stringify(JSON.parse(trimmed), null, 2)
      } catch {
        return value
      }
    }
    return value
  }
  return typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value)
}

function list(label: string, values: readonly string[]): string {
  return values.length === 0 ? '' : `<dt>${escapeHtml(label)}</dt><dd>${values.map(escapeHtml).join('<br>')}</dd>`
}

function provenanceHtml({ lines, basis }: CopyProvenance): string {
  const notice =
    basis.noticeSentOn === null
      ? 'No candidate notice was recorded as sent.'
      : `A candidate notice was sent on ${basis.noticeSentOn}.`
  return `<h2>Where this came from</h2>
${lines.length === 0 ? '<p>No source was recorded.</p>' : `<ul>${lines.map((line) => `<li>${escapeHtml(provenanceLineText(line))}</li>`).join('')}</ul>`}
<h2>Lawful basis</h2>
<p>${escapeHtml(basisText(basis))}${basis.setAt === null ? ' (the default: nothing else was recorded)' : ''}. ${escapeHtml(notice)}</p>`
}

export function personCopyHtml({ description, copy, exportedAt }: PersonCopyParts): string {
  const { person } = copy
  const title = person.names[0] ?? person.key
  const held = description.holdings
    .map((holding) => `<tr><td>${escapeHtml(holding.label)}</td><td class="n">${holding.rows}</td></tr>`)
    .join('')
  const tables = copy.tables
    .map(
      (table) =>
        `<section><h3>${escapeHtml(table.label)}</h3>${table.rows
          .map(
            (row) =>
              `<dl class="row">${Object.entries(row)
                .map(
                  ([column, value]) =>
                    `<dt>${escapeHtml(column)}</dt><dd><pre>${escapeHtml(valueText(value))}</pre></dd>`
                )
                .join('')}</dl>`
          )
          .join('')}</section>`
    )
    .join('')
  const problems = [...description.problems, ...copy.problems]
  const forgotten = description.forgotten
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Personal data held about ${escapeHtml(title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:.25rem .75rem;text-align:left}
.n{text-align:right}dl.row{border:1px solid #ddd;padding:.5rem;margin:.5rem 0}dt{font-weight:600}
dd{margin:0 0 .25rem 1rem}pre{margin:0;white-space:pre-wrap;font:13px/1.4 ui-monospace,monospace}</style>
</head><body>
<h1>Personal data held about ${escapeHtml(title)}</h1>
<p>Everything Talent Desk held about this person on ${escapeHtml(exportedAt.slice(0, 10))}, as an answer to an access request.</p>
<h2>Who</h2>
<dl>${list('Profile key', [person.key])}${list('Names', person.names)}${list('Email addresses', person.emails)}${list('Phone numbers', person.phones)}${list('Profile handles', person.handles)}</dl>
${forgotten === null ? '' : `<p>This person was forgotten on ${escapeHtml(forgotten.forgottenAt.slice(0, 10))} (${escapeHtml(erasureReasonLabels[forgotten.reason])}) and has been found again since.</p>`}
<h2>What is held</h2>
${held === '' ? '<p>Nothing.</p>' : `<table><thead><tr><th>What</th><th class="n">Records</th></tr></thead><tbody>${held}</tbody></table>`}
${provenanceHtml(provenanceIn(copy))}
${problems.length === 0 ? '' : `<h2>Not included</h2><ul>${problems.map((problem) => `<li>${escapeHtml(problem.owner)}: ${escapeHtml(problem.message)}</li>`).join('')}</ul>`}
<h2>The records</h2>
${tables === '' ? '<p>None.</p>' : tables}
</body></html>
`
}
