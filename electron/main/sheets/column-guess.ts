import type { ImportField } from '../../../shared/ipc/channels/imports'

type Field = Exclude<ImportField, 'keep'>

/**
 * Header names a field goes by, in English, French, German, Spanish, Italian, Dutch and the
 * Scandinavian languages, as ATS exports, event tools and hand-made sheets spell them.
 */
const HEADER_NAMES: Record<Field, string[]> = {
  name: [
    'name',
    'full name',
    'fullname',
    'candidate',
    'candidate name',
    'person',
    'contact',
    'contact name',
    'attendee',
    'attendee name',
    'participant',
    'referral',
    'nom',
    'nom complet',
    'nombre',
    'nombre completo',
    'nome',
    'nome completo',
    'naam',
    'volledige naam',
    'namn',
    'navn',
    'vollstandiger name',
    'kandidat'
  ],
  first_name: [
    'first name',
    'firstname',
    'first',
    'given name',
    'forename',
    'prenom',
    'vorname',
    'nombre de pila',
    'nome proprio',
    'voornaam',
    'fornamn',
    'fornavn'
  ],
  last_name: [
    'last name',
    'lastname',
    'surname',
    'family name',
    'last',
    'nom de famille',
    'nachname',
    'familienname',
    'apellido',
    'apellidos',
    'cognome',
    'achternaam',
    'efternamn',
    'etternavn'
  ],
  company: [
    'company',
    'company name',
    'current company',
    'employer',
    'current employer',
    'organisation',
    'organization',
    'org',
    'firm',
    'account',
    'entreprise',
    'societe',
    'unternehmen',
    'firma',
    'arbeitgeber',
    'empresa',
    'azienda',
    'bedrijf',
    'foretag',
    'selskap'
  ],
  title: [
    'title',
    'job title',
    'current title',
    'position',
    'role',
    'job',
    'designation',
    'headline',
    'poste',
    'fonction',
    'titre',
    'berufsbezeichnung',
    'stelle',
    'cargo',
    'puesto',
    'ruolo',
    'functie',
    'titel',
    'stilling'
  ],
  school: [
    'school',
    'university',
    'education',
    'college',
    'alma mater',
    'ecole',
    'universite',
    'universitat',
    'hochschule',
    'universidad',
    'escuela',
    'universita',
    'universiteit',
    'hogskola',
    'universitet'
  ],
  location: [
    'location',
    'city',
    'town',
    'place',
    'region',
    'state',
    'country',
    'address',
    'based in',
    'ville',
    'lieu',
    'pays',
    'ort',
    'stadt',
    'standort',
    'land',
    'ciudad',
    'ubicacion',
    'pais',
    'citta',
    'luogo',
    'plaats',
    'stad',
    'sted'
  ],
  email: [
    'email',
    'e mail',
    'mail',
    'email address',
    'e mail address',
    'work email',
    'personal email',
    'courriel',
    'adresse e mail',
    'adresse mail',
    'correo',
    'correo electronico',
    'posta elettronica',
    'e mailadres',
    'e post',
    'epost'
  ],
  handle: [
    'linkedin',
    'linkedin url',
    'linkedin profile',
    'profile',
    'profile url',
    'profile link',
    'handle',
    'github',
    'github url',
    'url',
    'link',
    'li url',
    'profil',
    'perfil',
    'profilo',
    'lien linkedin',
    'profil linkedin'
  ],
  key: ['key', 'profile key', 'talent key', 'person key']
}

/** Words that point to a field inside a longer header ("Candidate E-mail (work)"). */
const HEADER_WORDS: Array<[RegExp, Field]> = [
  [/\b(e ?mail|courriel|correo)\b/, 'email'],
  [/\b(linkedin|github|profile url|profil url|handle)\b/, 'handle'],
  [/\b(first|given|vor|pre)\s?name\b|\bprenom\b/, 'first_name'],
  [/\b(last|family|sur|nach)\s?name\b/, 'last_name'],
  [/\b(company|employer|organi[sz]ation|firma|empresa)\b/, 'company'],
  [/\b(title|position|role|job)\b/, 'title'],
  [/\b(school|university|college|education)\b/, 'school'],
  [/\b(city|country|location|region|town)\b/, 'location'],
  [/\bname\b/, 'name']
]

/** Fields only one column may have; email, handle and location can come from several. */
const SINGLE: ReadonlySet<Field> = new Set(['name', 'first_name', 'last_name', 'company', 'title', 'school', 'key'])

export function normalizeHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_\-.:/#*()[\]]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

const EXACT = new Map<string, Field>()
for (const [field, names] of Object.entries(HEADER_NAMES) as Array<[Field, string[]]>) {
  for (const name of names) if (!EXACT.has(name)) EXACT.set(name, field)
}

export function fieldOfHeader(header: string): Field | null {
  const normalized = normalizeHeader(header)
  if (normalized === '') return null
  const exact = EXACT.get(normalized)
  if (exact !== undefined) return exact
  for (const [pattern, field] of HEADER_WORDS) if (pattern.test(normalized)) return field
  return null
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/
const PROFILE_URL =
  /^(https?:\/\/)?([a-z0-9-]+\.)*(linkedin|profilenet|github|gitlab|qasite|stackoverflow|twitter|x)\.[a-z]+\/\S+$/i

/** What a column's values say it is: email addresses, or profile links. */
export function fieldOfValues(values: readonly string[]): Field | null {
  const filled = values.map((value) => value.trim()).filter((value) => value !== '')
  if (filled.length === 0) return null
  const share = (test: RegExp) =>
    filled.filter((value) => value.split(/[;,\s]+/).some((part) => test.test(part))).length / filled.length
  if (share(EMAIL) >= 0.6) return 'email'
  if (share(PROFILE_URL) >= 0.6) return 'handle'
  return null
}

/**
 * A field for each column: from its header (several spellings and languages), corrected by its
 * values (a column of addresses is email whatever it is called, one of profile links is handles).
 * A field that only one column may have goes to the first column that asks for it.
 */
export function suggestMapping(headers: readonly string[], sample: readonly string[][]): ImportField[] {
  const taken = new Set<Field>()
  return headers.map((header, column) => {
    const byValues = fieldOfValues(sample.map((row) => row[column] ?? ''))
    const byHeader = fieldOfHeader(header)
    const field = byValues ?? byHeader
    if (field === null) return 'keep'
    if (SINGLE.has(field)) {
      if (taken.has(field)) return 'keep'
      taken.add(field)
    }
    return field
  })
}

/**
 * The header row among the first rows: the one whose cells most look like known header names
 * (a title block or a blank line above it is passed over). The first row when none does.
 */
export function guessHeaderRow(rows: readonly string[][]): number {
  let best = 0
  let bestScore = 0
  rows.slice(0, 20).forEach((row, index) => {
    const score = row.filter((cell) => fieldOfHeader(cell) !== null && !EMAIL.test(cell.trim())).length
    if (score > bestScore) {
      best = index
      bestScore = score
    }
  })
  return best
}
