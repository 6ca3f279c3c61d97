import { describe, expect, it } from 'vitest'
import type { TalentDeskBridge } from '../../../shared/ipc/bridge'
import type { PersonToCheck, Suppression } from '../../../shared/ipc/channels/do-not-contact'
import { createClient } from './client'
import { PersonMarks, type PersonMark } from './person-marks.svelte'
import { personRefOf } from './person-ref'

/** A main whose list names some keys and emails, answering as checkDoNotContact does. */
function fakeMain(listed: { keys?: string[]; emails?: string[] }) {
  const keys = new Set(listed.keys ?? [])
  const emails = new Set(listed.emails ?? [])
  const calls: PersonToCheck[][] = []
  const listeners = new Map<string, (payload: unknown) => void>()
  let failing = false
  const bridge = {
    checkDoNotContact: (input: { people: PersonToCheck[] }) => {
      calls.push(input.people)
      if (failing) return Promise.resolve({ ok: false, error: { code: 'store_unavailable', message: 'No store.' } })
      const suppressed: Suppression[] = []
      input.people.forEach((person, index) => {
        if (person.key !== undefined && keys.has(person.key))
          suppressed.push({ index, reasons: [{ why: 'listed', kind: 'key', entryId: 1 }] })
        else if ((person.emails ?? []).some((email) => emails.has(email)))
          suppressed.push({ index, reasons: [{ why: 'listed', kind: 'email', entryId: 2 }, { why: 'forgotten' }] })
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
    keys,
    tell: (name: string) => listeners.get(name)!({ keys: [] }),
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
      'Do not contact — On the do-not-contact list (email); Forgotten at their request'
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
      emails: ['Ana@Example.com', 'ana.work@example.com']
    })
    expect(personRefOf('given', 'not a profile')).toEqual({ key: 'given', handles: [], emails: [] })
  })
})
