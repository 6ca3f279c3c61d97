import type { Handlers } from '../ipc/router'
import type { ContactsService } from './contacts-service'

/** The balance, quotes, purchases and the contacts bought. */
export function contactsHandlers(contacts: ContactsService) {
  return {
    getCredits: () => contacts.credits(),
    refreshCredits: (input) => contacts.refreshCredits(input),
    contactsFor: (input) => contacts.contactsFor(input),
    listBoughtContacts: (input) => contacts.listBought(input),
    // the page's quotes leave people already in an ATS list out unless asked to include them
    quoteContacts: (input) => contacts.quote(input),
    buyContacts: (input) => contacts.buy(input),
    getPurchasePartSize: (input) => contacts.partSize(input),
    setPurchasePartSize: (input) => contacts.setPartSize(input)
  } satisfies Partial<Handlers>
}
