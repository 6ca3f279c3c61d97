import type { MainContribution } from '../main-options'
import { shortlistsHandlers } from './handlers'
import { ShortlistsService } from './shortlists-service'

/** Shortlists, their members and stages, and Recently deleted. */
export const contribution: MainContribution = {
  name: 'shortlists',
  create({ stores }) {
    return { handlers: shortlistsHandlers(new ShortlistsService(stores)) }
  }
}
