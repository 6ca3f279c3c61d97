import type { NewPerson, SavedQuery } from '../../../shared/ipc/channels/watches'
import type { PersonToCheck } from '../../../shared/ipc/channels/do-not-contact'
import { traitsOf } from '../personal-data/person-match'
import { readConversationReply } from '../api/conversation-reply'
import type { PartnerClient } from '../api/partner-client'
import { cleanRequest, keyOf } from '../api/match-profiles'
import { displayName } from '../../../shared/display-name'

/** Who a saved search finds now: each person's key and what the Activity list shows of them. */
export interface FoundPeople {
  keys: string[]
  people: Map<string, NewPerson>
  /** What each is checked against the do-not-contact list by: key, emails, handles. */
  checks: Map<string, PersonToCheck>
}

/**
 * Runs a saved query once, with free operations only: Match Profiles (emails never looked up)
 * or a new conversation (no id: the service starts one) sent the saved words and query. Never a contacts call.
 */
export async function runSavedQuery(
  client: PartnerClient,
  query: SavedQuery,
  signal?: AbortSignal
): Promise<FoundPeople> {
  let profiles: unknown[]
  if (query.kind === 'search') {
    const { records } = await client.matchProfiles(
      cleanRequest(query.request),
      { maxNumberOfResults: query.options.maxNumberOfResults, emailLookupEnabled: false },
      signal
    )
    profiles = records.map((record) => record.value)
  } else {
    const { body } = await client.conversationalSearch(
      {
        user_input: query.text,
        ...(query.currentQuery === null ? {} : { current_query: query.currentQuery })
      },
      signal
    )
    profiles = readConversationReply(body).profiles.map((profile) => profile.value)
  }
  const people = new Map<string, NewPerson>()
  const checks = new Map<string, PersonToCheck>()
  for (const profile of profiles) {
    const key = keyOf(profile)
    if (key === null || people.has(key)) continue
    people.set(key, personOf(key, profile as Record<string, unknown>))
    const { emails, handles } = traitsOf(profile)
    checks.set(key, { key, emails, handles })
  }
  return { keys: [...people.keys()], people, checks }
}

function personOf(key: string, profile: Record<string, unknown>): NewPerson {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
  return {
    key,
    name: displayName(profile),
    title: text(profile.cur_title),
    company: text(profile.cur_company),
    location: [text(profile.city), text(profile.state), text(profile.country)].filter(Boolean).join(', ')
  }
}
