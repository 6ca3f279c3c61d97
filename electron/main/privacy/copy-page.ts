import { IntlMessageFormat } from 'intl-messageformat'
import type { CopyLanguage } from '../../../shared/copy-languages'
import type { PersonalDataCopy } from '../personal-data/every-owner'
import { copyMessages, type CopyMessageId } from './copy-words'
import { provenanceIn, type PersonCopyParts } from './person-report'

/*
 * The page of an access copy a person can read (GDPR art. 15(1)–(3), issue #36 item 2): what is
 * held about them and where it came from, why (the basis), who receives it, how long it is kept,
 * their rights and who the controller is, in their language. No table column or API field name:
 * those are in the JSON beside it. One page, no script, no outside resource; light and dark.
 */

/** Dates in the copy are days in UTC, as every date the app writes (exportedAt is UTC). */
const FORMATS = {
  date: { long: { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } }
} as const

type Values = Record<string, string | number | Date>

/** The copy's words in one language: each message read by intl-messageformat, once. */
export class CopyWords {
  readonly language: CopyLanguage
  readonly #cache = new Map<CopyMessageId, IntlMessageFormat>()

  constructor(language: CopyLanguage) {
    this.language = language
  }

  has(id: string): id is CopyMessageId {
    return id in copyMessages[this.language]
  }

  t(id: CopyMessageId, values: Values = {}): string {
    let format = this.#cache.get(id)
    if (format === undefined) {
      format = new IntlMessageFormat(copyMessages[this.language][id], this.language, FORMATS)
      this.#cache.set(id, format)
    }
    return String(format.format(values))
  }

  /** "A, B and C" in the language (Intl.ListFormat). */
  list(items: readonly string[]): string {
    return new Intl.ListFormat(this.language, { type: 'conjunction' }).format(items)
  }
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char
  )

/** A day or a time the app stored, as a Date (a bare YYYY-MM-DD is that day in UTC). */
const day = (value: string): Date => new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(text).filter(Boolean) : [])
const record = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null

/**
 * The person's own profile as the copy holds it: the fullest object with their key among the rows
 * (a saved member's profile, a chat answer's entry, a contact result's card), JSON text included.
 */
export function profileIn(copy: PersonalDataCopy): Record<string, unknown> | null {
  let best: Record<string, unknown> | null = null
  const visit = (value: unknown, depth: number): void => {
    if (depth > 6) return
    if (typeof value === 'string') {
      const trimmed = value.trim()
      if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return
      try {
        visit(JSON.parse(trimmed), depth + 1)
      } catch {
        return
      }
      return
    }
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1)
      return
    }
    const object = record(value)
    if (object === null) return
    const key = text(object.key) || text(object.li_id) || text(object.profile_key)
    if (key === copy.person.key && (text(object.full_name) !== '' || Array.isArray(object.positions))) {
      if (best === null || Object.keys(object).length > Object.keys(best).length) best = object
    }
    for (const child of Object.values(object)) visit(child, depth + 1)
  }
  for (const table of copy.tables) for (const row of table.rows) visit(row, 0)
  return best
}

function definitions(pairs: Array<[string, string[]]>): string {
  const shown = pairs.filter(([, values]) => values.length > 0)
  return shown.length === 0
    ? ''
    : `<dl>${shown.map(([label, values]) => `<dt>${escapeHtml(label)}</dt><dd>${values.map(escapeHtml).join('<br>')}</dd>`).join('')}</dl>`
}

function profileSection(words: CopyWords, profile: Record<string, unknown> | null): string {
  if (profile === null) return `<p>${escapeHtml(words.t('profile.none'))}</p>`
  const place = [text(profile.city), text(profile.state), text(profile.country)].filter(Boolean).join(', ')
  const location = text(profile.location) || place || strings(profile.locations)[0] || ''
  const month = new Intl.DateTimeFormat(words.language, { year: 'numeric', month: 'short', timeZone: 'UTC' })
  const when = (value: string) => (Number.isNaN(day(value).getTime()) ? value : month.format(day(value)))
  const span = (item: Record<string, unknown>) =>
    [text(item.start_date), text(item.end_date)].filter(Boolean).map(when).join(' – ')
  const positions = (Array.isArray(profile.positions) ? profile.positions : [])
    .map(record)
    .filter((item) => item !== null)
    .map((item) =>
      [[text(item.title), text(item.company)].filter(Boolean).join(', '), span(item)].filter(Boolean).join(' · ')
    )
    .filter(Boolean)
  const educations = (Array.isArray(profile.educations) ? profile.educations : [])
    .map(record)
    .filter((item) => item !== null)
    .map((item) =>
      [[text(item.degree), text(item.major), text(item.school)].filter(Boolean).join(', '), span(item)]
        .filter(Boolean)
        .join(' · ')
    )
    .filter(Boolean)
  const skills = strings(profile.skills)
  return definitions([
    [words.t('profile.headline'), [...strings(profile.headlines).slice(0, 1), text(profile.headline)].filter(Boolean)],
    [words.t('profile.title'), [text(profile.cur_title) || text(profile.title)].filter(Boolean)],
    [words.t('profile.company'), [text(profile.cur_company) || text(profile.company)].filter(Boolean)],
    [words.t('profile.location'), [location].filter(Boolean)],
    [words.t('profile.skills'), skills.length === 0 ? [] : [words.list(skills)]],
    [words.t('profile.positions'), positions],
    [words.t('profile.educations'), educations]
  ])
}

function heldSection(words: CopyWords, parts: PersonCopyParts): string {
  const lines = new Map<string, number>()
  for (const holding of parts.description.holdings) {
    const id = `table.${holding.table}`
    const label = words.has(id) ? words.t(id) : words.t('held.other', { label: holding.label })
    lines.set(label, (lines.get(label) ?? 0) + holding.rows)
  }
  if (lines.size === 0) return ''
  const rows = [...lines]
    .map(
      ([label, count]) =>
        `<tr><td>${escapeHtml(label)}</td><td class="n">${escapeHtml(words.t('held.count', { count }))}</td></tr>`
    )
    .join('')
  return `<table><thead><tr><th scope="col">${escapeHtml(words.t('held.what'))}</th><th scope="col" class="n">${escapeHtml(words.t('held.records'))}</th></tr></thead><tbody>${rows}</tbody></table>`
}

function sourceSection(words: CopyWords, copy: PersonalDataCopy): string {
  const { lines } = provenanceIn(copy)
  if (lines.length === 0) return `<p>${escapeHtml(words.t('source.none'))}</p>`
  const items = lines.map((line) => {
    const kindId = `kind.${line.kind}`
    const kind = words.has(kindId) ? words.t(kindId) : line.kind
    const extra = [
      ...(line.shortlist === null ? [] : [words.t('source.into', { shortlist: line.shortlist })]),
      ...(line.connection === null ? [] : [words.t('source.through', { connection: line.connection.name })])
    ]
    const main = words.t('source.line', {
      at: day(line.at),
      kind,
      hasDetail: line.detail === '' ? 'no' : 'yes',
      detail: line.detail
    })
    return `<li>${escapeHtml([main, ...extra].join(' — '))}</li>`
  })
  return `<ul>${items.join('')}</ul>`
}

function basisSection(words: CopyWords, copy: PersonalDataCopy): string {
  const { basis } = provenanceIn(copy)
  const said =
    basis.basis === 'consent'
      ? words.t('basis.consent', {
          hasDate: basis.consentedOn === null ? 'no' : 'yes',
          on: basis.consentedOn === null ? new Date(0) : day(basis.consentedOn)
        })
      : basis.basis === 'other'
        ? words.t('basis.other', { other: basis.other ?? '' })
        : words.t('basis.legitimate-interest')
  const notice =
    basis.noticeSentOn === null ? words.t('notice.none') : words.t('notice.sent', { on: day(basis.noticeSentOn) })
  return `<p>${escapeHtml(said)}${basis.setAt === null ? ` ${escapeHtml(words.t('basis.default'))}` : ''}</p><p>${escapeHtml(notice)}</p>`
}

function recipientsSection(words: CopyWords, copy: PersonalDataCopy): string {
  const connections = [
    ...new Set(provenanceIn(copy).lines.flatMap((line) => (line.connection === null ? [] : [line.connection.name])))
  ]
  const vendor = words.t('recipients.vendor', {
    hasConnections: connections.length === 0 ? 'no' : 'yes',
    connections: words.list(connections)
  })
  const exports = copy.tables
    .filter((table) => table.table === 'export_log')
    .flatMap((table) => table.rows)
    .map((row) => ({ at: text(row.exportedAt), kind: text(row.kind) }))
    .filter((line) => line.at !== '')
  const items = exports.map((line) => {
    const id = `exportKind.${line.kind}`
    return `<li>${escapeHtml(words.t('recipients.export', { at: day(line.at), kind: words.has(id) ? words.t(id) : line.kind }))}</li>`
  })
  return `<p>${escapeHtml(vendor)}</p><p>${escapeHtml(words.t('recipients.exports', { count: exports.length }))}</p>${items.length === 0 ? '' : `<ul>${items.join('')}</ul>`}`
}

/** The retention periods, as retention's owner puts them in the copy (`retention_period`). */
function retentionSection(words: CopyWords, copy: PersonalDataCopy): string {
  const period = copy.tables.find((table) => table.table === 'retention_period')?.rows[0]
  const days = (value: unknown) => (typeof value === 'number' && value > 0 ? value : null)
  const inactive = days(period?.inactiveDays)
  const contacts = days(period?.contactDays)
  const said = [
    ...(inactive === null ? [] : [words.t('retention.inactive', { days: inactive })]),
    ...(contacts === null ? [] : [words.t('retention.contacts', { days: contacts })])
  ]
  return (said.length === 0 ? [words.t('retention.none')] : said).map((line) => `<p>${escapeHtml(line)}</p>`).join('')
}

const STYLE = `:root{color-scheme:light dark;--fg:#1d1d1f;--bg:#fff;--muted:#555;--line:#d0d0d5;--box:#f4f4f7}
@media (prefers-color-scheme:dark){:root{--fg:#ececf0;--bg:#18181b;--muted:#b4b4bc;--line:#3f3f46;--box:#232327}}
body{font:16px/1.55 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1.25rem;color:var(--fg);background:var(--bg)}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 .75rem}h2{font-size:1.15rem;margin:2rem 0 .5rem;padding-top:.75rem;border-top:1px solid var(--line)}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid var(--line);padding:.35rem .5rem .35rem 0;text-align:left;vertical-align:top}
th{font-size:.9rem;color:var(--muted)}.n{text-align:right;white-space:nowrap}dl{margin:0}dt{font-weight:600;margin-top:.5rem}dd{margin:0 0 0 1rem}
ul{padding-left:1.25rem}.box{background:var(--box);padding:.75rem 1rem;border-radius:6px}.muted{color:var(--muted);font-size:.9rem}
p{margin:.5rem 0}footer{margin-top:2.5rem;border-top:1px solid var(--line);padding-top:.5rem}`

/** The page a person reads: everything they are told about their data, in their language. */
export function personCopyPage(parts: PersonCopyParts): string {
  const words = new CopyWords(parts.language)
  const { copy, description, controller, exportedAt } = parts
  const { person } = copy
  const name = person.names[0] ?? person.key
  const at = new Date(exportedAt)
  const who = controller?.name ?? words.t('someController')
  const problems = [...description.problems, ...copy.problems]
  const forgotten = description.forgotten
  const h = (id: CopyMessageId) => `<h2>${escapeHtml(words.t(id))}</h2>`
  const rights = (
    ['rights.access', 'rights.rectify', 'rights.erase', 'rights.restrict', 'rights.port', 'rights.object'] as const
  )
    .map((id) => `<li>${escapeHtml(words.t(id))}</li>`)
    .join('')
  return `<!doctype html>
<html lang="${parts.language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(words.t('title', { name }))}</title>
<style>${STYLE}</style>
</head><body><main>
<h1>${escapeHtml(words.t('title', { name }))}</h1>
<p>${escapeHtml(words.t('intro', { controller: who, at }))}</p>
${forgotten === null ? '' : `<p class="box">${escapeHtml(words.t('forgotten', { at: day(forgotten.forgottenAt) }))}</p>`}
${h('h.controller')}
${
  controller === null
    ? `<p>${escapeHtml(words.t('controller.unset'))}</p>`
    : definitions([
        [words.t('controller.name'), [controller.name]],
        [words.t('controller.contact'), controller.contact.split(/\r?\n/)],
        [words.t('controller.dpo'), controller.dpo === '' ? [] : controller.dpo.split(/\r?\n/)]
      ])
}
${h('h.who')}
${definitions([
  [words.t('who.names'), person.names],
  [words.t('who.emails'), person.emails],
  [words.t('who.phones'), person.phones],
  [words.t('who.handles'), person.handles],
  [words.t('who.key'), [person.key]]
])}
${h('h.profile')}
${profileSection(words, profileIn(copy))}
${h('h.held')}
${heldSection(words, parts)}
${h('h.source')}
${sourceSection(words, copy)}
${h('h.basis')}
${basisSection(words, copy)}
${h('h.recipients')}
${recipientsSection(words, copy)}
${h('h.retention')}
${retentionSection(words, copy)}
${h('h.rights')}
<p>${escapeHtml(words.t('rights.intro'))}</p>
<ul>${rights}</ul>
<p>${escapeHtml(words.t('rights.how', { controller: who }))}</p>
<p>${escapeHtml(words.t('rights.complain'))}</p>
${
  problems.length === 0
    ? ''
    : `${h('h.missing')}<p>${escapeHtml(words.t('missing.intro'))}</p><ul>${problems.map((problem) => `<li>${escapeHtml(problem.owner)}</li>`).join('')}</ul>`
}
</main>
<footer class="muted">${escapeHtml(words.t('footer', { at }))}</footer>
</body></html>
`
}
