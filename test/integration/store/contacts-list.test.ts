import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from '../../../electron/main/store'
import { makeProfile } from './fixtures/profiles'
import type { ManualClock } from './helpers'
import { openTestStore, removeDir, tempDir } from './helpers'

let dir: string
let store: Store
let clock: ManualClock
beforeEach(() => {
  dir = tempDir()
  ;({ store, clock } = openTestStore(dir))
})
afterEach(() => {
  store.close()
  removeDir(dir)
})

type Person = { key: string; full_name: string; cur_title: string; cur_company: string }
const person = (index: number) => makeProfile(index) as Record<string, unknown> & Person

/** One Completed email lookup for a person, with the card the service sends. */
function buyEmail(profile: Person) {
  store.contacts.saveResponse(
    {
      results: [
        {
          status: 'Completed',
          request: { full_name: profile.full_name },
          card: { full_title: `${profile.cur_title} at ${profile.cur_company}` },
          emails: [{ email: 'someone@example.com' }]
        } as never
      ]
    },
    { profileKeys: [profile.key], contactType: 'Email', connectionId: 'conn-1' }
  )
}

describe('ContactsRepo.latestPerPerson (the Contacts list)', () => {
  it('shows the saved person’s newer job once a refresh found one, the card’s before that', () => {
    const profile = person(1)
    const list = store.shortlists.create('Watch')
    store.members.add(list.id, { profile })
    clock.advanceDays(1)
    buyEmail(profile)
    // saved before the contacts were bought: the card is the newer word
    const [before] = store.contacts.latestPerPerson('conn-1')
    expect(before?.headline).toBe(`${profile.cur_title} at ${profile.cur_company}`)

    // a month later a refresh finds a new job: Contacts says so, not what the card said then
    clock.advanceDays(30)
    store.snapshots.applyRefreshedProfile({ ...profile, cur_title: 'Head of Data', cur_company: 'Brightline Data' })
    const [after] = store.contacts.latestPerPerson('conn-1')
    expect(after?.headline).toBe('Head of Data at Brightline Data')
  })

  it('keeps the card’s headline for someone never saved', () => {
    const profile = person(2)
    buyEmail(profile)
    expect(store.contacts.latestPerPerson('conn-1')[0]?.headline).toBe(`${profile.cur_title} at ${profile.cur_company}`)
  })
})
