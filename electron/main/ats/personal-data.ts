import type { PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'

/**
 * An ATS connection holds the ATS's address, its name and the acting user's id in that ATS (the
 * recruiter's own account there, On-Behalf-Of or perform_as): no candidate, and no secret (the
 * key is in the keychain). People pushed to or pulled from the ATS are push/'s and pull/'s part.
 */
export const personalDataOwner: PersonalDataOwnerFactory = () => ({
  owner: 'ats',
  tables: [
    {
      table: 'ats_connections',
      personal: false,
      why: 'an ATS’s name, address and the acting user’s id there (the recruiter’s account); the key is in the vault'
    }
  ],
  describe: () => [],
  export: () => [],
  erase: () => []
})
