import { fnv1a } from '../../data/hash'

/** The bits of a profile the contact simulation reads; WholePersonProfile satisfies it. */
export interface ContactSubject {
  key?: string | null | undefined
  first_name?: string | null | undefined
  last_name?: string | null | undefined
  full_name?: string | null | undefined
  cur_company?: string | null | undefined
  cur_title?: string | null | undefined
  city?: string | null | undefined
  state?: string | null | undefined
  country?: string | null | undefined
  li_id?: string | null | undefined
  li_urls?: (string | null)[] | null | undefined
  image_urls?: (string | null)[] | null | undefined
  codehost_handle?: string | null | undefined
  codehost_url?: string | null | undefined
  email?: string | null | undefined
  phones?: (string | null)[] | null | undefined
}

const slug = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24) || 'person'

export function companyDomain(subject: ContactSubject): string {
  return `${slug(subject.cur_company ?? 'independent')}.example.com`
}

/**
 * The profile's own addresses when the generator gave it some (the undeclared `emails` list and
 * `email`), otherwise addresses derived from name and company: premium contacts find data the
 * public profile does not show.
 */
export function emailsOf(subject: ContactSubject): { work: string; personal: string } {
  const known = [subject.email, ...(((subject as { emails?: unknown }).emails as unknown[] | undefined) ?? [])].filter(
    (e): e is string => typeof e === 'string' && e.includes('@')
  )
  const first = slug(subject.first_name ?? 'alex')
  const last = slug(subject.last_name ?? 'doe')
  const n = fnv1a(subject.key ?? `${first}${last}`) % 97
  const work = known[0] ?? `${first}.${last}@${companyDomain(subject)}`
  const personal = known.find((e) => e !== work) ?? `${first}${last}${n}@mail.example.net`
  return { work, personal }
}

/** Fictional North-American numbers (555-01xx is reserved for fiction). */
export function phonesOf(subject: ContactSubject): { mobile: string; work: string } {
  const h = fnv1a(`phone:${subject.key ?? ''}`)
  const area = 200 + (h % 700)
  const two = (x: number): string => String(x % 100).padStart(2, '0')
  const own = subject.phones?.find((p): p is string => !!p)
  return { mobile: own ?? `+1-${area}-555-01${two(h >>> 8)}`, work: `+1-${area}-555-01${two(h >>> 16)}` }
}
