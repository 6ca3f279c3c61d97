import type { PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'

/**
 * The tombstones forgetting leaves (personal-data/tombstones.ts): a date, a reason code and
 * salted hashes of a key, emails and handles. They hold no clear text that names anyone, so there
 * is nothing in them to describe, copy or erase for a person; and erasing them would let a backup
 * restored later bring the person back.
 */
export const personalDataOwner: PersonalDataOwnerFactory = () => ({
  owner: 'privacy',
  tables: [
    { table: 'tombstones', personal: false, why: 'when someone was forgotten and why (a reason code); no name' },
    {
      table: 'tombstone_hashes',
      personal: false,
      why: 'salted hashes of a forgotten key, emails and handles: recognise them, never say who they were'
    }
  ],
  describe: () => [],
  export: () => [],
  erase: () => []
})
