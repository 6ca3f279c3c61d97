import type { FeatureContribution } from '../platform/contribution'
import { personalDataOwner } from './personal-data'
import { shortlistsHandlers } from './handlers'
import { ShortlistsService } from './shortlists-service'

/** Shortlists, their members and stages, and Recently deleted. */
export const contribution = {
  name: 'shortlists',
  create({ stores }) {
    return {
      handlers: shortlistsHandlers(new ShortlistsService(stores)),
      personalData: personalDataOwner(() => stores.get())
    }
  }
} satisfies FeatureContribution<unknown>
