import type { PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'

/**
 * Budgets hold nobody: a budget is a scope, the id of a connection, shortlist or import batch and
 * a number of credits; a spend's origin is a purchase id with the feature, shortlist and batch it
 * was made for. Who was bought is in the ledger (contacts/ answers for it), never here.
 */
export const personalDataOwner: PersonalDataOwnerFactory = () => ({
  owner: 'budgets',
  tables: [
    { table: 'budgets', personal: false, why: 'a scope, the id of what it limits and a number of credits' },
    {
      table: 'spend_origins',
      personal: false,
      why: 'a purchase id with the feature, shortlist and import batch it was made for; no person'
    }
  ],
  describe: () => [],
  export: () => [],
  erase: () => []
})
