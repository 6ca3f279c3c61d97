/** Healthcare section of physicians: NPI record with taxonomy, practice address, directory data. */
import type { HealthcareProfile, WholePersonProfile } from '../../../shared/api'
import type { Person } from '../context'
import { isoDay, yearOf } from '../dates'
import { npiFromBase } from '../npi'
import { placeLabel } from '../text'
import { usStates } from '../vocab/places'
import { fictionalPhone, streetAddress, suite } from './address'

/** A unique NPI: nine-digit base starting with 1 (individual providers) plus its check digit. */
export function allocateNpi(p: Person, used: Set<string>): string {
  for (;;) {
    const npi = npiFromBase('1' + p.rng.digits(8))
    if (!used.has(npi)) {
      used.add(npi)
      return npi
    }
  }
}

/** Fields the healthcare and nurse records share with the person's profile. */
export function providerBase(p: Person, npi: string): HealthcareProfile {
  const { career, rng } = p
  const place = career.place
  return {
    key: p.key,
    full_name: p.full,
    first_name: p.first,
    last_name: p.last,
    country_code: place.countryCode,
    location: placeLabel(place),
    city: place.city,
    state: place.state,
    country: place.country,
    zip_code: place.zip,
    cur_company: career.company.name,
    cur_title: career.title,
    industry: career.company.industry,
    npi_number: npi,
    npi_status: 'Active',
    npi_entity_type: 'Individual',
    profile_source: 'sandbox',
    has_public_profile: 1,
    num_positions: career.positions.length,
    has_valid_address: 1,
    company_size: career.company.size,
    start_year_in_role: yearOf(career.roleStart),
    grad_year: career.gradYear,
    public_profile_last_updated: isoDay(p.now - rng.int(1, 18), rng.int(1, 28)),
    past_companies: career.pastCompanies,
    past_titles: career.pastTitles,
    schools: p.shared.of(career.educations.map((e) => e.school as string)),
    majors: career.majors,
    degrees: career.degrees,
    skills: career.skills,
    positions: career.positions,
    educations: career.educations,
    is_international: false
  }
}

export function applyHealthcare(p: Person, out: WholePersonProfile, npi: string): void {
  const { rng, career } = p
  const t = career.taxonomy
  const place = career.place
  const stateName = usStates.get(place.stateCode) ?? place.state
  const licenseNum = `MD${rng.digits(6)}`
  const hp = providerBase(p, npi)
  hp.npi_category = 'Physician'
  hp.credentials = p.shared.of(['MD'])
  hp.provider_name = {
    full_name: `Dr. ${p.full}`,
    first_name: p.first,
    last_name: p.last,
    name_prefix: 'Dr.',
    name_suffix: 'MD'
  }
  hp.practice_address = {
    address_line_1: streetAddress(rng),
    address_line_2: suite(rng),
    city: place.city,
    state: place.stateCode,
    zip_code: place.zip,
    country: place.countryCode,
    phone_num: fictionalPhone(rng),
    fax_num: fictionalPhone(rng)
  }
  if (t) {
    hp.taxonomies = [
      {
        taxonomy_code: t.code,
        taxonomy_name: t.name,
        taxonomy_desc: t.desc,
        taxonomy_switch: 'Y',
        license_num: licenseNum,
        state_code: place.stateCode,
        state_name: stateName,
        taxonomy_category: t.category,
        taxonomy_parent_code: t.parentCode
      }
    ]
    hp.specialities = [{ name: t.name, sub_speciality: career.role.specialization }]
  }
  hp.has_physician_directory_data = 1
  hp.physician_directory_data = {
    category: t?.name ?? 'Physician',
    summary: `${career.title} at ${career.company.name}.`,
    hospital_affiliations: [{ name: career.company.name, address: placeLabel(place) }],
    certifications_and_licenses: [{ org: `${stateName} Medical Board`, name: `Medical License ${licenseNum}` }]
  }
  if (out.paper_count) {
    hp.has_publications = 1
    hp.academic_data = {
      author_id: out.author_id ?? undefined,
      paper_count: out.paper_count,
      citation_count: out.citation_count ?? 0,
      categories: ['Medicine']
    }
  }
  out.healthcare_profile = hp
}
