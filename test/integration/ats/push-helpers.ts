import { ConnectionGate } from '../../../electron/main/api/connection-gate'
import { AtsClient, type AtsKind } from '../../../electron/main/ats/ats-client'
import type { AtsOpener, AtsTarget } from '../../../electron/main/ats'
import { defaultAnswerLimits } from '../../../electron/main/net/answer-limits'
import type { AppDispatcher } from '../../../electron/main/net/dispatcher'
import type { Dispatcher } from 'undici'
import { ConnectionPace, systemTimers } from '../../../electron/main/pace/connection-pace'
import { AppError } from '../../../shared/ipc/errors'
import type { RunningAtsFakes } from '../../../sandbox/ats/fakes'
import { generateProfiles } from '../../../sandbox/data/generate'
import { emailsOf } from '../../../sandbox/data/handles'
import type { WholePersonProfile } from '../../../shared/api'

/** Connection ids the tests' opener knows: the fake Greenhouse and the fake Lever. */
export const GH = 'ats-greenhouse'
export const LEVER = 'ats-lever'

/** A client to a fake as the app makes one (main's dispatcher, a pace and gate per connection). */
export function fakeTarget(kind: AtsKind, fakes: RunningAtsFakes, dispatcher: AppDispatcher): AtsTarget {
  const fake = kind === 'greenhouse' ? fakes.greenhouse : fakes.lever
  return targetAt(kind, { baseUrl: fake.baseUrl, key: fake.keys.full, userId: String(fake.userId) }, dispatcher)
}

/** The same, to a fake by its address (a child process is given it). */
export function targetAt(
  kind: AtsKind,
  fake: { baseUrl: string; key: string; userId: string },
  dispatcher: Dispatcher
): AtsTarget {
  const gate = new ConnectionGate()
  const pace = new ConnectionPace({ ceiling: 50, gate, timers: systemTimers })
  return {
    connectionId: kind === 'greenhouse' ? GH : LEVER,
    kind,
    name: kind === 'greenhouse' ? 'Agency Greenhouse' : 'Agency Lever',
    actingUserId: fake.userId,
    client: new AtsClient({
      kind,
      baseUrl: fake.baseUrl,
      apiKey: fake.key,
      dispatcher,
      limits: defaultAnswerLimits,
      paced: pace.run,
      gate
    })
  }
}

/** The saved ATS connections, as item 1 will give them: here the two fakes. */
export function fakeOpener(fakes: RunningAtsFakes, dispatcher: AppDispatcher): AtsOpener {
  const targets = new Map<string, AtsTarget>([
    [GH, fakeTarget('greenhouse', fakes, dispatcher)],
    [LEVER, fakeTarget('lever', fakes, dispatcher)]
  ])
  return {
    open: async (id) => {
      const target = targets.get(id)
      if (target === undefined) throw new AppError('not_found', `No ATS connection ${id}.`)
      return target
    }
  }
}

/** The Sandbox's own people (the fakes hold some of them), split by whether the fake Greenhouse has them. */
export function sandboxPeople(seed: number, count: number, fakes: RunningAtsFakes) {
  const profiles = generateProfiles({ count, seed })
  const inGreenhouse = (p: WholePersonProfile) =>
    emailsOf(p).some((e) => fakes.greenhouse.store.candidates.some((c) => c.email_addresses.some((x) => x.value === e)))
  const withEmail = profiles.filter((p) => emailsOf(p).length > 0 && p.cur_company)
  return {
    profiles,
    known: withEmail.filter(inGreenhouse),
    unknown: withEmail.filter((p) => !inGreenhouse(p))
  }
}

/** How many records of a fake Greenhouse carry this email. */
export function greenhouseWithEmail(fakes: RunningAtsFakes, email: string): number {
  return fakes.greenhouse.store.candidates.filter((c) => c.email_addresses.some((e) => e.value === email)).length
}

export function leverWithEmail(fakes: RunningAtsFakes, email: string): number {
  return fakes.lever.store.opportunities.filter((o) => o.emails.includes(email)).length
}
