import type { PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'

/** Connections hold the services' addresses and names (never a person, never a secret: those are in the vault). */
export const personalDataOwner: PersonalDataOwnerFactory = () => ({
  owner: 'connections',
  tables: [
    {
      table: 'connections',
      personal: false,
      why: 'a service’s name, addresses, client id and parameter names; the secrets are in the vault'
    }
  ],
  describe: () => [],
  export: () => [],
  erase: () => []
})
