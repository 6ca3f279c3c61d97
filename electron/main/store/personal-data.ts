import type { PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'

/**
 * The settings table is written through the store's SettingsRepo by several features (the active
 * connection, purchase part sizes, pace ceilings, spreadsheet mappings keyed by their header row):
 * small values about the app, never a row of a spreadsheet or anything about a person.
 */
export const personalDataOwner: PersonalDataOwnerFactory = () => ({
  owner: 'store',
  tables: [
    {
      table: 'settings',
      personal: false,
      why: 'app settings: the active connection, part sizes, pace ceilings, column mappings by header'
    }
  ],
  describe: () => [],
  export: () => [],
  erase: () => []
})
