import type { AtsPersonRecord } from '../platform/ports'

/*
 * What one page of an ATS's answer says of its people, read as known-people records. A page whose
 * shape is not the one documented is refused whole (PageRefused): a full pull that meets one stops,
 * and the list it would have replaced stays as it was. Known-people's, not the ATS feature's: the
 * page is read where it is written, in known-people's worker thread (ats-pages.ts), so the ATS
 * feature hands over the page's bytes and never holds a record (features do not import each other).
 */

/** A person as pulled: the record, and whether the ATS says they may be emailed (null: it does not say). */
export interface PulledPerson extends AtsPersonRecord {
  mayEmail: boolean | null
}

export class PageRefused extends Error {}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null)

/** `[{ value }]` lists (Harvest's emails, websites, social media): the values that are text. */
const values = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.flatMap((item) => (isObject(item) && text(item.value) !== null ? [item.value as string] : []))
    : []

/**
 * A Harvest GET /v1/candidates page: a list of candidates, each with an integer id. The stage is the
 * current stage of the candidate's most recent active application (a prospect's has none).
 */
export function greenhousePage(body: unknown, what: string): PulledPerson[] {
  if (!Array.isArray(body)) throw new PageRefused(`Greenhouse's ${what} was not a list of candidates.`)
  return body.map((item, at) => {
    if (!isObject(item) || !Number.isSafeInteger(item.id)) {
      throw new PageRefused(`Greenhouse's ${what} has a candidate without an id (number ${at + 1}).`)
    }
    const applications = Array.isArray(item.applications) ? item.applications.filter(isObject) : []
    const active = applications
      .filter((a) => a.status === 'active' && isObject(a.current_stage))
      .sort((a, b) => String(b.last_activity_at ?? '').localeCompare(String(a.last_activity_at ?? '')))
    const stage = active.length > 0 ? text((active[0]!.current_stage as Json).name) : null
    return {
      atsId: String(item.id),
      name: [text(item.first_name), text(item.last_name)].filter((part) => part !== null).join(' '),
      company: text(item.company),
      emails: values(item.email_addresses),
      links: [...values(item.social_media_addresses), ...values(item.website_addresses)],
      stage,
      mayEmail: typeof item.can_email === 'boolean' ? item.can_email : null
    }
  })
}

/** A Lever GET /v1/opportunities page: `{ data: [...], hasNext, next? }`. */
export function leverPage(
  body: unknown,
  what: string,
  stages: ReadonlyMap<string, string>
): { people: PulledPerson[]; next: string | null } {
  if (!isObject(body) || !Array.isArray(body.data)) {
    throw new PageRefused(`Lever's ${what} was not a list of opportunities.`)
  }
  const next = body.hasNext === true ? text(body.next) : null
  if (body.hasNext === true && next === null) throw new PageRefused(`Lever's ${what} said there is more but not where.`)
  const people = body.data.map((item, at) => {
    if (!isObject(item) || text(item.id) === null) {
      throw new PageRefused(`Lever's ${what} has an opportunity without an id (number ${at + 1}).`)
    }
    const stage = isObject(item.stage) ? text(item.stage.text) : text(item.stage)
    return {
      atsId: item.id as string,
      name: text(item.name) ?? '',
      // Lever keeps no employer field; the headline is free text ("Engineer at Acme"), not a company
      company: null,
      emails: Array.isArray(item.emails) ? item.emails.filter((e): e is string => text(e) !== null) : [],
      links: Array.isArray(item.links) ? item.links.filter((l): l is string => text(l) !== null) : [],
      stage: stage === null ? null : (stages.get(stage) ?? stage),
      mayEmail: null
    }
  })
  return { people, next }
}
