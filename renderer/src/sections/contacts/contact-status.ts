import type { ContactType } from '../../../../shared/api'
import type { BoughtPerson, BoughtType } from '../../../../shared/ipc/channels/contacts'
import { formatDateTime } from '../../lib/format'

/** How Contacts says where a person's email or phone stands, and what can still be bought. */

const types: ContactType[] = ['Email', 'Phone']
export const label: Record<string, string> = {
  NotStarted: 'Not started',
  InProgress: 'In progress',
  Completed: 'Completed',
  Failed: 'Failed'
}
export const statusText = (t: BoughtType) => (t.status === null ? 'Buying…' : (label[t.status] ?? t.status))
export const tone = (t: BoughtType) =>
  t.status === 'Completed' ? 'ok' : t.status === 'Failed' ? 'bad' : t.status === 'NotStarted' ? 'waiting' : 'busy'
export const when = (iso: string | null) => (iso === null ? '' : formatDateTime(iso))
export const found = (t: BoughtType) =>
  t.contactType === 'Phone'
    ? `${t.phones} ${t.phones === 1 ? 'phone' : 'phones'}`
    : `${t.emails} ${t.emails === 1 ? 'email' : 'emails'}`
export const held = (person: BoughtPerson) =>
  person.types.filter((t) => t.running === null).map((t) => t.contactType.toLowerCase())
export const missing = (person: BoughtPerson) =>
  types.filter((type) => !person.types.some((t) => t.contactType === type))
