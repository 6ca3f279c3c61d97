import { erasureReasonLabels, type PersonDescription } from '../../../shared/ipc/channels/personal-data'
import type { PersonalDataCopy } from '../personal-data/every-owner'

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

/** Provenance and lawful basis are not recorded yet (issue #31 item 1): the copy says so rather than nothing. */
const NOT_YET_RECORDED =
  'Where each record came from and the lawful basis are not recorded by this version of Talent Desk.'

export function personCopyJson({ description, copy, exportedAt }: PersonCopyParts): string {
  return `${JSON.stringify(
    {
      format: PERSON_COPY_FORMAT,
      version: 1,
      exportedAt,
      person: copy.person,
      held: description.holdings.map(({ owner, table, label, rows }) => ({ owner, table, label, rows })),
      forgottenBefore: description.forgotten,
      tables: copy.tables.map(({ owner, table, label, rows }) => ({ owner, table, label, rows })),
      provenance: NOT_YET_RECORDED,
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
<p>${escapeHtml(NOT_YET_RECORDED)}</p>
${problems.length === 0 ? '' : `<h2>Not included</h2><ul>${problems.map((problem) => `<li>${escapeHtml(problem.owner)}: ${escapeHtml(problem.message)}</li>`).join('')}</ul>`}
<h2>The records</h2>
${tables === '' ? '<p>None.</p>' : tables}
</body></html>
`
}
