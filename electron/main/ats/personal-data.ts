import type { PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'
import { sendJournalPart } from './push/personal-data'

/**
 * An ATS connection holds the ATS's address, its name and the acting user's id in that ATS (the
 * recruiter's own account there, On-Behalf-Of or perform_as): no candidate, and no secret (the
 * key is in the keychain). People pushed to or pulled from the ATS are push/'s and pull/'s part.
 */
export const personalDataOwner: PersonalDataOwnerFactory = (store) => {
  const journal = sendJournalPart(store)
  return {
    owner: 'ats',
    tables: [
      {
        table: 'ats_connections',
        personal: false,
        why: 'an ATS’s name, address and the acting user’s id there (the recruiter’s account); the key is in the vault'
      },
      ...journal.tables
    ],
    describe: (person) => journal.describe(person),
    export: (person) => journal.export(person),
    erase: (person) => journal.erase(person)
  }
}
