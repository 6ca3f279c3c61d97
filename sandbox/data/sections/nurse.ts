/** Nurse section: licenses by state (home state plus sometimes others), NPI and taxonomy. */
import type { NurseLicense, NurseProfile, WholePersonProfile } from '../../../shared/api'
import type { Person } from '../context'
import { isoDay, yearOf } from '../dates'
import type { LazySections, Section } from '../lazy'
import { nurseTaxonomies } from '../vocab/healthcare'
import { families } from '../vocab/families'
import { usStates } from '../vocab/places'
import { allocateNpi, providerBase } from './healthcare'

const stateCodes = [...usStates.keys()]
const nurseRoles = families.find((f) => f.id === 'nurse')?.roles ?? []

/** The nurse's nurse_profile, rebuilt on demand (see lazy.ts). */
export const nurseRecord: Section<{ nurse_profile: NurseProfile }> = {
  name: 'nurse',
  build(input) {
    const { profile, rng, now, place, careerStart } = input
    const role = nurseRoles.find((r) => r.specialization === profile.cur_title_specialization)
    const tax = nurseTaxonomies[role?.title ?? 'Registered Nurse'] ?? {
      code: '163W00000X',
      name: 'Registered Nurse',
      type: 'RN',
      licenseTitle: 'Registered Nurse'
    }
    const home = place?.stateCode ?? 'WA'
    const others = rng.chance(0.3) ? rng.int(1, 2) : 0
    const states = [
      home,
      ...rng.sample(
        stateCodes.filter((s) => s !== home),
        others
      )
    ]
    const issued = careerStart + rng.int(0, 2)
    const degrees = profile.degrees ?? []
    const licenses: NurseLicense[] = states.map((code, i) => {
      const issue = Math.min(issued + i * rng.int(6, 30), now - 1)
      return {
        state_code: code,
        state_name: usStates.get(code) ?? code,
        license_num: `${tax.type}${rng.digits(7)}`,
        license_title: tax.licenseTitle,
        license_status: 'Active',
        degrees_earned: degrees[0] ?? 'Bachelor of Science in Nursing',
        speciality: profile.cur_title_specialization ?? undefined,
        position: profile.cur_title ?? undefined,
        prescriptive_authority: tax.type === 'NP' ? 'Yes' : 'No',
        disciplined_status: 'None',
        license_validity: 'Valid',
        issue_date: isoDay(issue, rng.int(1, 28)),
        expiry_date: isoDay(Math.max(issue + 24, now + rng.int(1, 24)), rng.int(1, 28)),
        provider_agency_info: { agency_name: `${usStates.get(code) ?? code} Board of Nursing` }
      }
    })
    const nurse: NurseProfile = {
      ...providerBase(input),
      caption: `${profile.cur_title ?? ''} · ${profile.cur_company ?? ''}`,
      npi_category: 'Nurse',
      credentials: [tax.type],
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
      years_with_license: Math.max(0, yearOf(now) - yearOf(issued)),
      is_current_nurse: 1,
      power_filter_count: 0,
      license_issue_year: yearOf(issued),
      is_prior_nurse: false,
      disciplined_status: false,
      issue_date: licenses[0]?.issue_date ?? undefined,
      public_profile_nurse_type: [tax.type],
      nurse_license_state: states,
      nurse_license_number: licenses.map((l) => l.license_num as string),
      license_title: [tax.licenseTitle],
      license_status: ['Active'],
      nurse_type: [tax.type],
      degrees_earned: degrees,
      license_status_desc: 'Active',
      license_validity_type: states.length > 1 ? 'Multistate' : 'Single State',
      nurse_license_info: licenses
    }
    return { nurse_profile: nurse }
  }
}

export function applyNurse(
  p: Person,
  out: WholePersonProfile,
  lazy: LazySections,
  claimNpi: (npi: string) => boolean
): void {
  allocateNpi(p, claimNpi, out)
  lazy.attach(nurseRecord, out, { nurse_profile: true })
}
