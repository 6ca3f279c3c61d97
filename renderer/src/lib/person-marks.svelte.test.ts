import { describe, expect, it } from 'vitest'
import type { TalentDeskBridge } from '../../../shared/ipc/bridge'
import type { PersonToCheck, Suppression } from '../../../shared/ipc/channels/do-not-contact'
import type { KnownMatch, KnownPersonToCheck } from '../../../shared/ipc/channels/known-people'
import { createClient } from './client'
import type { Client } from './client'
import { markKinds, PersonMarks, type MarkWords, type PersonMark, type PersonRef } from './person-marks.svelte'
import { personRefOf } from './person-ref'

/**
 * A main whose do-not-contact list names some keys and emails, and whose ATS lists know some keys
 * (with a stage) and some names at an employer, answering as checkDoNotContact and checkKnownPeople do.
 */
function fakeMain(listed: { keys?: string[]; emails?: string[] }) {
  const keys = new Set(listed.keys ?? [])
  const emails = new Set(listed.emails ?? [])
  const inAts = new Map<string, Omit<KnownMatch, 'index'>>()
  const calls: PersonToCheck[][] = []
  const knownCalls: KnownPersonToCheck[][] = []
  const listeners = new Map<string, (payload: unknown) => void>()
  let failing = false
  const bridge = {
    checkKnownPeople: (input: { people: KnownPersonToCheck[] }) => {
      knownCalls.push(input.people)
      if (failing) return Promise.resolve({ ok: false, error: { code: 'store_error', message: 'No store.' } })
      const known: KnownMatch[] = []
      input.people.forEach((person, index) => {
        const byKey = person.key === undefined ? undefined : inAts.get(person.key)
        if (byKey) known.push({ index, ...byKey })
        const byName = inAts.get(`${person.name ?? ''} at ${person.employer ?? ''}`)
        if (byName) known.push({ index, ...byName })
      })
      return Promise.resolve({ ok: true, data: { known } })
    },
    checkDoNotContact: (input: { people: PersonToCheck[] }) => {
      calls.push(input.people)
      if (failing) return Promise.resolve({ ok: false, error: { code: 'store_error', message: 'No store.' } })
      const suppressed: Suppression[] = []
      input.people.forEach((person, index) => {
        if (person.key !== undefined && keys.has(person.key))
          suppressed.push({ index, reasons: [{ why: 'listed', kind: 'key', entryId: 1 }] })
        else if ((person.emails ?? []).some((email) => emails.has(email)))
          suppressed.push({
            index,
            reasons: [
              { why: 'listed', kind: 'email', entryId: 2 },
              { why: 'forgotten', reason: 'person-asked' }
            ]
          })
      })
      return Promise.resolve({ ok: true, data: { suppressed } })
    },
    on: (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, listener)
      return () => listeners.delete(name)
    }
  } as unknown as TalentDeskBridge
  return {
    client: createClient(bridge),
    calls,
    knownCalls,
    keys,
    inAts,
    tell: (name: string) => listeners.get(name)!({ keys: [] }),
    tellWith: (name: string, payload: unknown) => listeners.get(name)!(payload),
    fail: (yes: boolean) => (failing = yes)
  }
}

/** A scheduler run by hand: the asks of one "render" wait until the test lets them go. */
function manualSchedule() {
  const queued: Array<() => void> = []
  return {
    schedule: (run: () => void) => void queued.push(run),
    run: async () => {
      for (const run of queued.splice(0)) run()
      // the check's reply (a resolved promise through the client) and the marks kept after it
      for (let turn = 0; turn < 5; turn++) await Promise.resolve()
    }
  }
}

const texts = (marks: readonly PersonMark[]) => marks.map((mark) => `${mark.text} — ${mark.detail}`)

describe('PersonMarks', () => {
  it('asks for the people of one render in one call and keeps the answers by person', async () => {
    const main = fakeMain({ keys: ['k-2'], emails: ['ana@example.com'] })
    const time = manualSchedule()
    const marks = new PersonMarks(main.client, time.schedule)

    for (let i = 0; i < 100; i++) expect(marks.marksOf({ key: `k-${i}` })).toEqual([])
    expect(marks.marksOf({ emails: ['Ana@Example.com'] })).toEqual([])
    expect(marks.marksOf({})).toEqual([]) // nothing names them: never asked
    expect(main.calls).toHaveLength(0)

    await time.run()
    expect(main.calls).toHaveLength(1)
    expect(main.calls[0]).toHaveLength(101)
    expect(texts(marks.marksOf({ key: 'k-2' }))).toEqual(['Do not contact — On the do-not-contact list (profile key)'])
    expect(texts(marks.marksOf({ emails: ['ana@example.com'] }))).toEqual([
      'Do not contact — On the do-not-contact list (email); Forgotten: they asked to be erased'
    ])
    expect(marks.suppressed({ key: 'k-3' })).toBe(false)

    // shown again: answered from what is kept, no call
    for (let i = 0; i < 100; i++) marks.marksOf({ key: `k-${i}` })
    await time.run()
    expect(main.calls).toHaveLength(1)
  })

  it('splits more people than one call takes into calls of 5000', async () => {
    const main = fakeMain({ keys: ['k-7000'] })
    const time = manualSchedule()
    const marks = new PersonMarks(main.client, time.schedule)
    for (let i = 0; i < 12_000; i++) marks.marksOf({ key: `k-${i}` })
    await time.run()
    expect(main.calls.map((people) => people.length)).toEqual([5000, 5000, 2000])
    expect(marks.suppressed({ key: 'k-7000' })).toBe(true)
  })

  it('checks the people shown again when the list changes or people are forgotten, showing the last answer meanwhile', async () => {
    const main = fakeMain({})
    const time = manualSchedule()
    const marks = new PersonMarks(main.client, time.schedule)
    const ana = { key: 'k-1', handles: ['Ana-Dev'] }
    marks.marksOf(ana)
    await time.run()
    expect(main.calls).toHaveLength(1)
    expect(marks.marksOf(ana)).toEqual([])

    main.keys.add('k-1')
    main.tell('doNotContactChanged')
    // the row re-renders (its read depends on the list's generation): the last answer until the new one
    expect(marks.marksOf(ana)).toEqual([])
    await time.run()
    expect(main.calls).toHaveLength(2)
    expect(main.calls[1]).toEqual([{ key: 'k-1', emails: [], handles: ['ana-dev'] }])
    expect(texts(marks.marksOf(ana))).toEqual(['Do not contact — On the do-not-contact list (profile key)'])

    main.keys.delete('k-1')
    main.tell('peopleForgotten')
    expect(marks.suppressed(ana)).toBe(true)
    await time.run()
    expect(main.calls).toHaveLength(3)
    expect(marks.marksOf(ana)).toEqual([])
    await time.run()
    expect(main.calls).toHaveLength(3)
  })

  it('keeps the answer of a check asked after the list changed over an older check that answers after it', async () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    const held: Array<(listed: boolean) => void> = []
    const bridge = {
      checkDoNotContact: (input: { people: PersonToCheck[] }) =>
        new Promise((resolve) =>
          held.push((listed) => {
            const reasons = [{ why: 'listed', kind: 'key', entryId: 1 }]
            const suppressed = listed ? input.people.map((_, index) => ({ index, reasons })) : []
            resolve({ ok: true, data: { suppressed } })
          })
        ),
      checkKnownPeople: () => Promise.resolve({ ok: true, data: { known: [] } }),
      on: (name: string, listener: (payload: unknown) => void) => {
        listeners.set(name, listener)
        return () => listeners.delete(name)
      }
    } as unknown as TalentDeskBridge
    const time = manualSchedule()
    const marks = new PersonMarks(createClient(bridge), time.schedule)
    const ana = { key: 'k-1' }
    marks.marksOf(ana)
    await time.run() // the first check, on its way
    listeners.get('doNotContactChanged')!({})
    marks.marksOf(ana)
    await time.run() // the check after Ana was listed
    expect(held).toHaveLength(2)
    held[1]!(true)
    await time.run()
    expect(marks.suppressed(ana)).toBe(true)
    held[0]!(false) // the first, older check answers last
    await time.run()
    expect(marks.suppressed(ana)).toBe(true)
  })

  it('keeps what was shown when a check fails, and does not ask again until the list changes', async () => {
    const main = fakeMain({ keys: ['k-1'] })
    const time = manualSchedule()
    const marks = new PersonMarks(main.client, time.schedule)
    marks.marksOf({ key: 'k-1' })
    await time.run()
    expect(marks.suppressed({ key: 'k-1' })).toBe(true)

    main.fail(true)
    main.tell('doNotContactChanged')
    marks.marksOf({ key: 'k-1' })
    await time.run()
    expect(main.calls).toHaveLength(2)
    expect(marks.suppressed({ key: 'k-1' })).toBe(true)
    marks.marksOf({ key: 'k-1' })
    await time.run()
    expect(main.calls).toHaveLength(2)
  })
})

describe('PersonMarks and the ATS lists', () => {
  it('asks the known-people lists with the same batch, and says In your ATS with the stage and the list', async () => {
    const main = fakeMain({ keys: ['k-1'] })
    main.inAts.set('k-1', { listId: 1, listName: 'Greenhouse export', atsId: '77', stage: 'Phone Screen', by: 'key' })
    main.inAts.set('Ana Peña at Acme', { listId: 2, listName: 'Lever', atsId: null, stage: null, by: 'name-employer' })
    const time = manualSchedule()
    const marks = new PersonMarks(main.client, time.schedule)
    marks.marksOf({ key: 'k-1', name: 'Bruno Díaz', employer: 'Globex' })
    marks.marksOf({ key: 'k-2', name: 'Ana Peña', employer: 'Acme' })
    marks.marksOf({ key: 'k-3' })
    await time.run()
    expect(main.calls).toHaveLength(1)
    expect(main.knownCalls).toEqual([
      [
        { key: 'k-1', emails: [], handles: [], name: 'Bruno Díaz', employer: 'Globex' },
        { key: 'k-2', emails: [], handles: [], name: 'Ana Peña', employer: 'Acme' },
        { key: 'k-3', emails: [], handles: [] }
      ]
    ])
    // do-not-contact only takes what it matches on
    expect(main.calls[0]![0]).toEqual({ key: 'k-1', emails: [], handles: [] })
    expect(texts(marks.marksOf({ key: 'k-1', name: 'Bruno Díaz', employer: 'Globex' }))).toEqual([
      'Do not contact — On the do-not-contact list (profile key)',
      'In your ATS (Phone Screen) — In Greenhouse export: Phone Screen (by profile key)'
    ])
    expect(texts(marks.marksOf({ key: 'k-2', name: 'Ana Peña', employer: 'Acme' }))).toEqual([
      'In your ATS — In Lever (by name and company)'
    ])
    expect(marks.marksOf({ key: 'k-3' })).toEqual([])
  })

  it('says what the service says (ats_data), sends the profile’s ats_data, and shows no bidi control from a file', async () => {
    const main = fakeMain({})
    main.inAts.set('k-7', {
      listId: null,
      listName: 'the service',
      atsId: 'cand_7',
      stage: 'Hiring Manager Screen',
      by: 'service',
      recruiter: 'Rosa Díaz'
    })
    main.inAts.set('k-8', {
      listId: 3,
      listName: 'ATS \u202Eexport',
      atsId: null,
      stage: '\u202EOffer\u202C',
      by: 'email'
    })
    const time = manualSchedule()
    const marks = new PersonMarks(main.client, time.schedule)
    const profile = {
      key: 'k-7',
      ats_data: { is_matched: true, current_stage: 'Hiring Manager Screen', applications: [] }
    }
    marks.marksOf(personRefOf('k-7', profile))
    marks.marksOf({ key: 'k-8' })
    await time.run()
    expect(main.knownCalls[0]![0]).toEqual({
      key: 'k-7',
      emails: [],
      handles: [],
      atsData: { is_matched: true, current_stage: 'Hiring Manager Screen' }
    })
    expect(texts(marks.marksOf(personRefOf('k-7', profile)))).toEqual([
      'In your ATS (Hiring Manager Screen) — In your ATS, per the service: Hiring Manager Screen (recruiter Rosa Díaz)'
    ])
    const [mark] = marks.marksOf({ key: 'k-8' })
    expect(`${mark!.text} — ${mark!.detail}`).toBe('In your ATS (Offer) — In ATS export: Offer (by email)')
    expect(`${mark!.text}${mark!.detail}`).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/)
  })

  it('says where the service’s ats_data disagreed with a list pulled from the ATS, and that the ATS wins', async () => {
    const main = fakeMain({})
    main.inAts.set('k-9', {
      listId: 4,
      listName: 'ATS: Acme Greenhouse',
      atsId: '10000042',
      stage: 'Onsite',
      by: 'email',
      serviceSaid: { atsId: 'cand_9', stage: 'Offer' }
    })
    const time = manualSchedule()
    const marks = new PersonMarks(main.client, time.schedule)
    marks.marksOf({ key: 'k-9' })
    await time.run()
    expect(texts(marks.marksOf({ key: 'k-9' }))).toEqual([
      'In your ATS (Onsite) — In ATS: Acme Greenhouse: Onsite (by email) — the service said stage Offer, candidate cand_9; ATS: Acme Greenhouse is the ATS itself and wins'
    ])
  })

  it('checks again when a list is imported or removed (knownPeopleChanged)', async () => {
    const main = fakeMain({})
    const time = manualSchedule()
    const marks = new PersonMarks(main.client, time.schedule)
    marks.marksOf({ key: 'k-1' })
    await time.run()
    expect(marks.marksOf({ key: 'k-1' })).toEqual([])

    main.inAts.set('k-1', { listId: 1, listName: 'Greenhouse export', atsId: null, stage: 'Offer', by: 'key' })
    main.tell('knownPeopleChanged')
    marks.marksOf({ key: 'k-1' })
    await time.run()
    expect(main.knownCalls).toHaveLength(2)
    expect(marks.marksOf({ key: 'k-1' }).map((mark) => mark.text)).toEqual(['In your ATS (Offer)'])
  })

  it('checks again when another connection is in use (its own lists), not when the same one is told again', async () => {
    const main = fakeMain({})
    const time = manualSchedule()
    const marks = new PersonMarks(main.client, time.schedule)
    const overview = (activeId: string) => ({
      connections: [],
      activeId,
      keychain: { backend: 'keychain', available: true }
    })
    main.tellWith('connectionsChanged', overview('sandbox'))
    marks.marksOf({ key: 'k-1' })
    await time.run()
    main.tellWith('connectionsChanged', overview('sandbox'))
    marks.marksOf({ key: 'k-1' })
    await time.run()
    expect(main.knownCalls).toHaveLength(1)
    main.tellWith('connectionsChanged', overview('acme'))
    marks.marksOf({ key: 'k-1' })
    await time.run()
    expect(main.knownCalls).toHaveLength(2)
  })
})

describe('markKinds', () => {
  it('a kind added to the table is asked for, read into its mark and shown after the others, in the same call per kind', async () => {
    const main = fakeMain({ keys: ['k-1'] })
    main.inAts.set('k-2', { listId: 1, listName: 'Hires', atsId: null, stage: 'Offer', by: 'key' })
    const time = manualSchedule()
    // a made-up kind on the known-people channel: "Offer out" for those at the Offer stage
    const kinds = {
      ...markKinds,
      'offer-out': {
        channel: 'checkKnownPeople' as const,
        toAsk: (person: PersonRef) => ({ key: person.key ?? undefined }),
        ask: (client: Pick<Client, 'checkKnownPeople'>, people: KnownPersonToCheck[]) =>
          client.checkKnownPeople({ people }),
        read: (data: { known: KnownMatch[] }) => {
          const marks: Array<MarkWords | undefined> = []
          for (const match of data.known)
            if (match.stage === 'Offer') marks[match.index] = { text: 'Offer out', detail: match.listName }
          return marks
        },
        changedOn: ['savedSearchesChanged' as const],
        colour: 'var(--accent-text)'
      }
    }
    const marks = new PersonMarks(main.client, time.schedule, kinds)
    marks.marksOf({ key: 'k-1' })
    marks.marksOf({ key: 'k-2' })
    await time.run()
    expect(main.calls).toHaveLength(1)
    // the known kind's call and the new kind's call
    expect(main.knownCalls).toHaveLength(2)
    expect(main.knownCalls[1]).toEqual([{ key: 'k-1' }, { key: 'k-2' }])
    expect(marks.marksOf({ key: 'k-1' }).map((mark) => mark.kind)).toEqual(['do-not-contact'])
    expect(marks.marksOf({ key: 'k-2' }).map((mark) => `${mark.kind}: ${mark.text} — ${mark.detail}`)).toEqual([
      'known: In your ATS (Offer) — In Hires: Offer (by profile key)',
      'offer-out: Offer out — Hires'
    ])
    expect(marks.suppressed({ key: 'k-1' })).toBe(true)
    expect(marks.suppressed({ key: 'k-2' })).toBe(false)

    // the new kind's own event checks the people shown again
    main.inAts.delete('k-2')
    main.tellWith('savedSearchesChanged', { connectionId: 'c-1' })
    marks.marksOf({ key: 'k-2' })
    await time.run()
    expect(main.calls).toHaveLength(2)
    expect(marks.marksOf({ key: 'k-2' })).toEqual([])
  })

  it('gives every kind a colour and one channel of the client', () => {
    for (const kind of Object.values(markKinds)) {
      expect(kind.colour).toMatch(/^var\(--[a-z-]+\)$/)
      expect(['checkDoNotContact', 'checkKnownPeople']).toContain(kind.channel)
    }
  })
})

describe('personRefOf', () => {
  it('reads the key, the handles of the profile links, code host and Q&A site, and top-level emails', () => {
    const person = personRefOf(null, {
      key: 'k-9',
      li_urls: ['https://www.linkedin.example/in/Ana-Dev/', 'https://example.com/about'],
      codehost_handle: 'anadev',
      qasite_name: '',
      email: 'Ana@Example.com',
      emails: ['not an email', 'ana.work@example.com']
    })
    expect(person).toEqual({
      key: 'k-9',
      handles: ['Ana-Dev', 'anadev'],
      emails: ['Ana@Example.com', 'ana.work@example.com'],
      name: '',
      employer: ''
    })
    expect(personRefOf('given', { first_name: 'Ana', last_name: 'Peña', cur_company: ' Acme ' })).toEqual({
      key: 'given',
      handles: [],
      emails: [],
      name: 'Ana Peña',
      employer: 'Acme'
    })
    expect(personRefOf('given', 'not a profile')).toMatchObject({ key: 'given', handles: [], emails: [] })
  })
})
