import { afterAll, beforeAll, expect } from 'vitest'
import {
  startAtsFakes,
  type AtsFakeOptions,
  type RunningAtsFakes,
  type RunningGreenhouse,
  type RunningLever
} from '../../../sandbox/ats/fakes'
import { AtsKeys } from '../../../electron/main/ats/ats-keys'
import { createLogger } from '../../../electron/main/logging/logger'
import { createAppDispatcher, type AppDispatcher } from '../../../electron/main/net/dispatcher'
import { openVault } from '../../../electron/main/vault/open-vault'
import type { WholePersonProfile } from '../../../shared/api'
import { keychainOfDataDir, startMain, type TestMain } from '../services/helpers'
import { fakeOpener, sandboxPeople } from './push-helpers'

/*
 * One set-up for the ATS integration tests that talk to the fake Greenhouse and Lever over HTTP:
 * the fakes started once a file and closed after it; for Settings → ATS, a connection saved to a
 * fake and its key read back from the real keychain; for "Send to the ATS", a composed main whose
 * ATS opener knows both fakes (main's dispatcher, a pace and gate per connection), with the
 * Sandbox's own people split by whether the fake Greenhouse holds them.
 */

/** Whether the real OS keychain is here: run under dbus-run-session with gnome-keyring unlocked (docs/testing.md). */
export const keychainHere = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS)

export interface AtsFakesFixture {
  /** The fakes (started in the file's beforeAll). */
  readonly fakes: RunningAtsFakes
}

/** The fake Greenhouse and Lever, started before the file's tests and closed after them. */
export function useAtsFakes(options: AtsFakeOptions): AtsFakesFixture {
  let fakes: RunningAtsFakes | undefined
  beforeAll(async () => {
    fakes = await startAtsFakes(options)
  })
  afterAll(async () => {
    await fakes?.close()
  })
  return {
    get fakes() {
      if (fakes === undefined) throw new Error('the ATS fakes are started in beforeAll')
      return fakes
    }
  }
}

/** Saves a connection to a fake Greenhouse: its full key, acting as its active user, unless said. */
export function addGreenhouse(
  main: TestMain,
  gh: RunningGreenhouse,
  name: string,
  as: { apiKey?: string; onBehalfOf?: number } = {}
) {
  return main.ok('addAtsConnection', {
    kind: 'greenhouse',
    name,
    baseUrl: gh.baseUrl,
    apiKey: as.apiKey ?? gh.keys.full,
    onBehalfOf: String(as.onBehalfOf ?? gh.userId)
  })
}

/** Saves a connection to a fake Lever: its full key, performing as its active user, unless said. */
export function addLever(
  main: TestMain,
  lever: RunningLever,
  name: string,
  as: { apiKey?: string; performAs?: string } = {}
) {
  return main.ok('addAtsConnection', {
    kind: 'lever',
    name,
    baseUrl: lever.baseUrl,
    apiKey: as.apiKey ?? lever.keys.full,
    performAs: as.performAs ?? lever.userId
  })
}

/** What the keychain keeps for an ATS connection of `main`'s (its key and the origin it is bound to), or null. */
export async function keychainEntry(
  main: { dataDir: string },
  id: string
): Promise<{ secret: string; origin: string } | null> {
  const vault = await openVault(
    keychainOfDataDir(main.dataDir),
    createLogger(() => undefined)
  )
  const stored = await vault.get(AtsKeys.account(id))
  return stored === null ? null : (JSON.parse(stored) as { secret: string; origin: string })
}

/** A copy of a profile without these fields. */
export const without = (profile: WholePersonProfile, ...fields: string[]): WholePersonProfile => {
  const copy: Record<string, unknown> = { ...profile }
  for (const field of fields) delete copy[field]
  return copy as WholePersonProfile
}
/** Found by link: no email; by name and company: neither email nor link. */
export const linkOnly = (p: WholePersonProfile) => without(p, 'email', 'emails', 'codehost_url')
export const nameOnly = (p: WholePersonProfile) => without(p, 'email', 'emails', 'codehost_url', 'li_urls')

export interface SendDesk extends AtsFakesFixture {
  readonly dispatcher: AppDispatcher
  /** The desk: its ATS opener knows the fake Greenhouse (GH) and the fake Lever (LEVER). */
  readonly main: TestMain
  /** The Sandbox's own people (seed 7, the first 300), split by whether the fake Greenhouse has them. */
  readonly people: ReturnType<typeof sandboxPeople>
  /** A shortlist of these people saved on the desk: its id, its members' ids in order, and it as a send's source. */
  shortlistOf(
    name: string,
    profiles: WholePersonProfile[]
  ): Promise<{ id: string; memberIds: number[]; source: { kind: 'shortlist'; shortlistId: string } }>
  /** A new send’s id (the contract’s form: 8 to 64 letters, digits, - and _). */
  sendId(): string
}

/**
 * The fakes (seed 7, from the Sandbox's first 300 people, limits out of the way; `more` adds to
 * them, e.g. filler candidates) and a desk that sends to them, started before the file's tests
 * and closed after them.
 */
export function useSendDesk(more: Pick<AtsFakeOptions, 'greenhouseFiller'> = {}): SendDesk {
  const ats = useAtsFakes({
    seed: 7,
    fromProfiles: 300,
    greenhouseRateLimit: 1000,
    greenhouseWindowMs: 1000,
    leverRateLimit: 1000,
    ...more
  })
  let started: { dispatcher: AppDispatcher; main: TestMain; people: ReturnType<typeof sandboxPeople> } | undefined
  let sends = 0
  beforeAll(async () => {
    const dispatcher = createAppDispatcher()
    const main = await startMain({ atsOpener: fakeOpener(ats.fakes, dispatcher) })
    started = { dispatcher, main, people: sandboxPeople(7, 300, ats.fakes) }
  })
  // registered after the fakes' afterAll, so run before it: the desk closes while its ATS still answers
  afterAll(async () => {
    await started?.main.close()
    await started?.dispatcher.close()
  })
  const desk = (): NonNullable<typeof started> => {
    if (started === undefined) throw new Error('the desk is started in beforeAll')
    return started
  }
  return {
    get fakes() {
      return ats.fakes
    },
    get dispatcher() {
      return desk().dispatcher
    },
    get main() {
      return desk().main
    },
    get people() {
      return desk().people
    },
    async shortlistOf(name, profiles) {
      const shortlist = await desk().main.ok('createShortlist', { name })
      const { added } = await desk().main.ok('addMembers', { shortlistId: shortlist.id, profiles })
      expect(added).toHaveLength(profiles.length)
      return { id: shortlist.id, memberIds: added, source: { kind: 'shortlist', shortlistId: shortlist.id } }
    },
    sendId: () => `ats-send-${++sends}`
  }
}
