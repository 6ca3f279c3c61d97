/** Nurse section: licenses by state (home state plus sometimes others), NPI and taxonomy. */
import type { NurseLicense, NurseProfile, WholePersonProfile } from '../../../shared/api'
import type { Person } from '../context'
import { isoDay, yearOf } from '../dates'
import { usStates } from '../vocab/places'
import { nurseTaxonomies } from '../vocab/healthcare'
import { providerBase } from './healthcare'

const stateCodes = [...usStates.keys()]

export function applyNurse(p: Person, out: WholePersonProfile, npi: string): void {
  const { rng, career } = p
  const tax = nurseTaxonomies[career.role.title] ?? nurseTaxonomies['Registered Nurse']
  if (!tax) return
  const home = career.place.stateCode
  const states = [
    home,
    ...rng.sample(
      stateCodes.filter((s) => s !== home),
      rng.chance(0.3) ? rng.int(1, 2) : 0
    )
  ]
  const issued = career.careerStart + rng.int(0, 2)
  const licenses: NurseLicense[] = states.map((code, i) => {
    const issue = issued + i * rng.int(6, 30)
    const expiry = Math.max(issue + 24, p.now + rng.int(1, 24))
    return {
      state_code: code,
      state_name: usStates.get(code) ?? code,
      license_num: `${tax.type}${rng.digits(7)}`,
      license_title: tax.licenseTitle,
      license_status: 'Active',
      degrees_earned: career.degrees[0] ?? 'Bachelor of Science in Nursing',
      speciality: career.role.specialization,
      position: career.title,
      prescriptive_authority: tax.type === 'NP' ? 'Yes' : 'No',
      disciplined_status: 'None',
      license_validity: 'Valid',
      issue_date: isoDay(Math.min(issue, p.now - 1), rng.int(1, 28)),
      expiry_date: isoDay(expiry, rng.int(1, 28)),
      provider_agency_info: { agency_name: `${usStates.get(code) ?? code} Board of Nursing` }
    }
  })
  const np: NurseProfile = {
    ...providerBase(p, npi),
    caption: `${career.title} · ${career.company.name}`,
    npi_category: 'Nurse',
    credentials: p.shared.of([tax.type]),
    taxonomies: [
      {
        taxonomy_code: tax.code,
        taxonomy_name: tax.name,
        taxonomy_switch: 'Y',
        license_num: licenses[0]?.license_num ?? undefined,
        state_code: home,
        state_name: usStates.get(home) ?? home,
        taxonomy_category: 'Nursing Service Providers'
      }
    ],
    has_valid_license: 1,
    years_with_license: Math.max(0, yearOf(p.now) - yearOf(issued)),
    is_current_nurse: 1,
    power_filter_count: 0,
    license_issue_year: yearOf(issued),
    is_prior_nurse: false,
    disciplined_status: false,
    issue_date: licenses[0]?.issue_date ?? undefined,
    public_profile_nurse_type: p.shared.of([tax.type]),
    nurse_license_state: p.shared.of(states),
    nurse_license_number: licenses.map((l) => l.license_num as string),
    license_title: p.shared.of([tax.licenseTitle]),
    license_status: p.shared.of(['Active']),
    nurse_type: p.shared.of([tax.type]),
    degrees_earned: career.degrees,
    license_status_desc: 'Active',
    license_validity_type: states.length > 1 ? 'Multistate' : 'Single State',
    nurse_license_info: licenses
  }
  out.nurse_profile = np
}
