import type { PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'

/**
 * The API call log Usage reads holds what was called and how it went: a method, a path (a job id
 * at most), a status, timings and the transaction id. Never headers, bodies or a query string
 * (apiCallInputSchema refuses one), so no call names a person.
 */
export const personalDataOwner: PersonalDataOwnerFactory = () => ({
  owner: 'usage',
  tables: [
    {
      table: 'api_log',
      personal: false,
      why: 'method, path, status and timing of each call; never a body or a query string'
    }
  ],
  describe: () => [],
  export: () => [],
  erase: () => []
})
