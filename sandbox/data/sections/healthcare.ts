/** Healthcare section of physicians: NPI record with taxonomy, practice address, directory data. */
import type { HealthcareProfile, WholePersonProfile } from '../../../shared/api'
import type { Person } from '../context'
import { isoDay } from '../dates'
import type { LazySections, Section, SectionInput } from '../lazy'
import { npiFromBase } from '../npi'
import { placeLabel } from '../text'
import { physicianTaxonomies } from '../vocab/healthcare'
import { usStates } from '../vocab/places'
import { fictionalPhone, streetAddress, suite } from './address'

/** NPI of each physician and nurse profile (allocated when generated, unique in the data set). */
const npis = new WeakMap<WholePersonProfile, string>()

/**
 * A unique NPI: nine-digit base starting with 1 (individual providers) plus its check digit.
 * `claim` answers whether the NPI is now this person's (false: someone holds it, draw again).
 */
export function allocateNpi(p: Person, claim: (npi: string) => boolean, profile: WholePersonProfile): string {
  for (;;) {
    const npi = npiFromBase('1' + p.rng.digits(8))
    if (claim(npi)) {
      npis.set(profile, npi)
      return npi
    }
  }
}

/** Fields the healthcare and nurse records share with the person's profile. */
export function providerBase({ profile, place, company, rng, now }: SectionInput): HealthcareProfile {
  return {
    key: profile.key ?? undefined,
    full_name: profile.full_name ?? undefined,
    first_name: profile.first_name ?? undefined,
    last_name: profile.last_name ?? undefined,
    country_code: place?.countryCode ?? 'US',
    location: place ? placeLabel(place) : (profile.locations?.[0] ?? undefined),
    city: profile.city ?? undefined,
    state: profile.state ?? undefined,
    country: profile.country ?? undefined,
    zip_code: place?.zip,
    cur_company: profile.cur_company ?? undefined,
    cur_title: profile.cur_title ?? undefined,
    industry: profile.industry ?? undefined,
    npi_number: npis.get(profile),
    npi_status: 'Active',
    npi_entity_type: 'Individual',
    profile_source: 'sandbox',
    has_public_profile: 1,
    num_positions: profile.positions?.length ?? 0,
    has_valid_address: 1,
    company_size: company?.size ?? profile.company_size ?? undefined,
    start_year_in_role: profile.start_date_in_role ? Number(profile.start_date_in_role.slice(0, 4)) : undefined,
    grad_year: profile.grad_year ?? undefined,
    public_profile_last_updated: isoDay(now - rng.int(1, 18), rng.int(1, 28)),
    past_companies: profile.past_companies ?? [],
    past_titles: profile.past_titles ?? [],
    schools: (profile.educations ?? []).map((e) => e.school as string),
    majors: profile.majors ?? [],
    degrees: profile.degrees ?? [],
    skills: profile.skills ?? [],
    positions: profile.positions ?? [],
    educations: profile.educations ?? [],
    is_international: false
  }
}

/** The physician's healthcare_profile, rebuilt on demand (see lazy.ts). */
export const healthcareRecord: Section<{ healthcare_profile: HealthcareProfile }> = {
  name: 'healthcare',
  build(input) {
    const { profile, rng, place } = input
    const t = physicianTaxonomies.find((x) => x.name === profile.cur_title_specialization)
    const stateCode = place?.stateCode ?? ''
    const stateName = usStates.get(stateCode) ?? profile.state ?? ''
    const licenseNum = `MD${rng.digits(6)}`
    const hp = providerBase(input)
    hp.npi_category = 'Physician'
    hp.credentials = ['MD']
    hp.provider_name = {
      full_name: `Dr. ${profile.full_name ?? ''}`,
      first_name: profile.first_name ?? undefined,
      last_name: profile.last_name ?? undefined,
      name_prefix: 'Dr.',
      name_suffix: 'MD'
    }
    hp.practice_address = {
      address_line_1: streetAddress(rng),
      address_line_2: suite(rng),
      city: profile.city ?? undefined,
      state: stateCode,
      zip_code: place?.zip,
      country: place?.countryCode ?? 'US',
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
          state_code: stateCode,
          state_name: stateName,
          taxonomy_category: t.category,
          taxonomy_parent_code: t.parentCode
        }
      ]
      hp.specialities = [{ name: t.name, sub_speciality: profile.cur_title_specialization ?? undefined }]
    }
    hp.has_physician_directory_data = 1
    hp.physician_directory_data = {
      category: t?.name ?? 'Physician',
      summary: `${profile.cur_title ?? ''} at ${profile.cur_company ?? ''}.`,
      hospital_affiliations: [{ name: profile.cur_company ?? undefined, address: hp.location ?? undefined }],
      certifications_and_licenses: [{ org: `${stateName} Medical Board`, name: `Medical License ${licenseNum}` }]
    }
    if (profile.paper_count) {
      hp.has_publications = 1
      hp.academic_data = {
        author_id: profile.author_id ?? undefined,
        paper_count: profile.paper_count,
        citation_count: profile.citation_count ?? 0,
        categories: ['Medicine']
      }
    }
    return { healthcare_profile: hp }
  }
}

export function applyHealthcare(
  p: Person,
  out: WholePersonProfile,
  lazy: LazySections,
  claimNpi: (npi: string) => boolean
): void {
  allocateNpi(p, claimNpi, out)
  lazy.attach(healthcareRecord, out, { healthcare_profile: true })
}
