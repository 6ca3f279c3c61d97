import type { ContactBook } from '../contacts/contact-book'
import type { CreditPool } from '../contacts/credit-pool'
import type { RefreshJobs } from '../refresh/refresh-jobs'
import type { TransactionLog } from './transaction-log'

/** The customer behind one API key: its credits, contact purchases, refresh jobs and call log. */
export interface Organisation {
  id: string
  name: string
  apiKey: string
  credits: CreditPool
  contacts: ContactBook
  refresh: RefreshJobs
  transactions: TransactionLog
}
