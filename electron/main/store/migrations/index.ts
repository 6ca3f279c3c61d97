// Written by scripts/migrations-index.ts from the numbered files of every electron/main/*/migrations/
// folder; do not edit by hand. After adding a migration file: node --import tsx scripts/migrations-index.ts
import type { MigrationFile } from '../migration-file'
import * as m01 from './01-shortlists'
import * as m02 from './02-contacts-credits-jobs'
import * as m03 from './03-folded-search'
import * as m04 from './04-removed-members'
import * as m05 from './05-connections-own-data'
import * as m06 from './06-credit-ledger'
import * as m07 from './07-refresh-jobs-followed'
import * as m08 from '../../chat/migrations/08-conversation-remote-ids'
import * as m09 from './09-search-prefixes'
import * as m10 from './10-ledger-epochs'
import * as m11 from './11-profile-dates'
import * as m12 from '../../imports/migrations/12-import-batches'
import * as m13 from './13-watches'
import * as m14 from '../../imports/migrations/14-import-sheet-row'
import * as m15 from '../../imports/migrations/15-import-reason'
import * as m16 from '../../privacy/migrations/16-tombstones'
import * as m17 from '../../export-log/migrations/17-export-log'
import * as m18 from '../../provenance/migrations/18-provenance'
import * as m19 from '../../do-not-contact/migrations/19-do-not-contact'
import * as m20 from './20-retention'
import * as m21 from '../../known-people/migrations/21-known-people'
import * as m22 from '../../budgets/migrations/22-budgets'
import * as m23 from '../../retention/migrations/23-retention-opened'
import * as m24 from '../../activity/migrations/24-budget-activity'
import * as m25 from '../../activity/migrations/25-activity-kinds'
import * as m26 from '../../do-not-contact/migrations/26-do-not-contact-imports'
import * as m27 from './27-team'
import * as m28 from '../../do-not-contact/migrations/28-do-not-contact-hash-bytes'
import * as m29 from './29-team-lists-register'
import * as m30 from './30-shared-shortlists'
import * as m31 from '../../ats/migrations/31-ats-send-journal'

export const migrationFiles: readonly MigrationFile[] = [
  { file: '01-shortlists.ts', module: m01 },
  { file: '02-contacts-credits-jobs.ts', module: m02 },
  { file: '03-folded-search.ts', module: m03 },
  { file: '04-removed-members.ts', module: m04 },
  { file: '05-connections-own-data.ts', module: m05 },
  { file: '06-credit-ledger.ts', module: m06 },
  { file: '07-refresh-jobs-followed.ts', module: m07 },
  { file: '08-conversation-remote-ids.ts', module: m08 },
  { file: '09-search-prefixes.ts', module: m09 },
  { file: '10-ledger-epochs.ts', module: m10 },
  { file: '11-profile-dates.ts', module: m11 },
  { file: '12-import-batches.ts', module: m12 },
  { file: '13-watches.ts', module: m13 },
  { file: '14-import-sheet-row.ts', module: m14 },
  { file: '15-import-reason.ts', module: m15 },
  { file: '16-tombstones.ts', module: m16 },
  { file: '17-export-log.ts', module: m17 },
  { file: '18-provenance.ts', module: m18 },
  { file: '19-do-not-contact.ts', module: m19 },
  { file: '20-retention.ts', module: m20 },
  { file: '21-known-people.ts', module: m21 },
  { file: '22-budgets.ts', module: m22 },
  { file: '23-retention-opened.ts', module: m23 },
  { file: '24-budget-activity.ts', module: m24 },
  { file: '25-activity-kinds.ts', module: m25 },
  { file: '26-do-not-contact-imports.ts', module: m26 },
  { file: '27-team.ts', module: m27 },
  { file: '28-do-not-contact-hash-bytes.ts', module: m28 },
  { file: '29-team-lists-register.ts', module: m29 },
  { file: '30-shared-shortlists.ts', module: m30 },
  { file: '31-ats-send-journal.ts', module: m31 }
]
