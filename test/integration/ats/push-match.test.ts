import { describe, expect, it } from 'vitest'
import { emailsOf } from '../../../sandbox/data/handles'
import type { WholePersonProfile } from '../../../shared/api'
import { linkOnly, nameOnly, useSendDesk } from './ats-fixture'
import { GH, LEVER, greenhouseWithEmail, leverWithEmail } from './push-helpers'

// "Already there (matched by email, profile link, or name and company)" (issue #39 item 2) on
// both ATSs, for the preview and for the new applications a send gives them, over real HTTP
// against the fakes: email through each API's email filter (Harvest GET /v1/candidates?email=,
// Lever GET /v1/opportunities?email=), link and name and company — which neither API searches —
// by reading the records. A record the app cannot read sinks only the person it is for.
const desk = useSendDesk()

/** `n` levels of `{ "a": … }`: past the 512 the answer limits read. */
const nested = (n: number): Record<string, unknown> => {
  let value: Record<string, unknown> = {}
  for (let i = 0; i < n; i++) value = { a: value }
  return value
}

describe('Greenhouse: by email, profile link, or name and company', () => {
  it('the preview names each way, and a new application goes on the record found, once', async () => {
    const [a, b, c] = desk.people.known.slice(20, 23) as [WholePersonProfile, WholePersonProfile, WholePersonProfile]
    const { source } = await desk.shortlistOf('GH each way', [a, linkOnly(b), nameOnly(c)])
    const recordOf = (p: WholePersonProfile) =>
      desk.fakes.greenhouse.store.candidates.find((r) => r.email_addresses.some((e) => e.value === emailsOf(p)[0]))!
    const preview = await desk.main.ok('previewAtsSend', { connectionId: GH, source })
    expect(preview.rows.map((r) => [r.status, r.matchedBy, r.atsId])).toEqual([
      ['existing', 'email', String(recordOf(a).id)],
      ['existing', 'link', String(recordOf(b).id)],
      ['existing', 'name-company', String(recordOf(c).id)]
    ])
    const onJob = (p: WholePersonProfile, jobId: string) =>
      recordOf(p).applications.filter((x) => x.jobs.some((j) => String(j.id) === jobId))
    const job = preview.jobs.find((j) => [a, b, c].every((p) => onJob(p, j.id).length === 0))!
    const candidates = desk.fakes.greenhouse.store.candidates.length
    const send = () =>
      desk.main.ok('sendToAts', {
        sendId: desk.sendId(),
        connectionId: GH,
        source,
        jobId: job.id,
        stageId: job.stages[0]!.id,
        existing: 'apply'
      })
    expect(await send()).toMatchObject({ created: 0, applied: 3, failed: 0 })
    expect(await send()).toMatchObject({ created: 0, applied: 0, skipped: 3 })
    expect(desk.fakes.greenhouse.store.candidates.length).toBe(candidates)
    for (const p of [a, b, c]) expect(onJob(p, job.id)).toHaveLength(1)
  })

  it('a record it cannot read (nested too deep) and one of the wrong shape sink no one else', async () => {
    const [a, b, c] = desk.people.known.slice(14, 17) as [WholePersonProfile, WholePersonProfile, WholePersonProfile]
    const [fresh, unreadable] = desk.people.unknown.slice(30, 32) as [WholePersonProfile, WholePersonProfile]
    const store = desk.fakes.greenhouse.store
    const at = new Date().toISOString()
    // one of the wrong shape: fields of the wrong type, a link list with holes
    const odd = store.add(
      {
        first_name: 'Odd',
        last_name: 'Record',
        company: null,
        title: null,
        email_addresses: [{ value: 'odd.record@example.org', type: 'work' }],
        phone_numbers: [],
        social_media_addresses: [],
        can_email: true,
        tags: []
      },
      null,
      at,
      at
    )
    Object.assign(odd, { first_name: null, company: { name: 'Acme' }, social_media_addresses: [null, { value: 7 }] })
    // one whose answer nests past what the app reads: it holds `unreadable`'s email
    const deep = store.add(
      {
        first_name: unreadable.first_name ?? 'Deep',
        last_name: unreadable.last_name ?? 'Record',
        company: null,
        title: null,
        email_addresses: [{ value: emailsOf(unreadable)[0] as string, type: 'work' }],
        phone_numbers: [],
        social_media_addresses: [],
        can_email: true,
        tags: []
      },
      null,
      at,
      at
    )
    deep.custom_fields = nested(600)

    const { source } = await desk.shortlistOf('GH bad records', [a, linkOnly(b), nameOnly(c), fresh, unreadable])
    const preview = await desk.main.ok('previewAtsSend', { connectionId: GH, source })
    expect(preview.rows.map((r) => [r.status, r.matchedBy])).toEqual([
      ['existing', 'email'],
      ['existing', 'link'],
      ['existing', 'name-company'],
      ['new', null],
      ['unchecked', null]
    ])
    expect(preview.rows[4]?.lookError).toMatch(/nests more than 512 levels/)
    expect(preview.counts).toMatchObject({ new: 1, existing: 3, unchecked: 1 })

    const result = await desk.main.ok('sendToAts', {
      sendId: desk.sendId(),
      connectionId: GH,
      source,
      jobId: null,
      stageId: null
    })
    expect(result).toMatchObject({ created: 1, skipped: 3, failed: 1 })
    expect(result.outcomes[4]).toMatchObject({ result: 'failed', atsId: null })
    expect(result.outcomes[4]?.message).toMatch(/Could not look in Greenhouse/)
    // not made a second time: the one that could not be read is still the only one with that email
    expect(greenhouseWithEmail(desk.fakes, emailsOf(unreadable)[0] as string)).toBe(1)
    expect(greenhouseWithEmail(desk.fakes, emailsOf(fresh)[0] as string)).toBe(1)
  })
})

describe('Lever: by email, profile link, or name and company', () => {
  const inLever = (p: WholePersonProfile) => emailsOf(p).some((e) => leverWithEmail(desk.fakes, e) > 0)
  const opportunityOf = (p: WholePersonProfile) =>
    desk.fakes.lever.store.opportunities.find((o) => o.emails.includes(emailsOf(p)[0] as string))!

  it('the preview names each way, and a new opportunity goes to the contact found, once', async () => {
    const three = desk.people.profiles
      .filter((p) => emailsOf(p).length > 0 && p.cur_company && p.cur_title && (p.li_urls ?? []).length > 0)
      .filter(inLever)
      .slice(5, 8)
    const [a, b, c] = three as [WholePersonProfile, WholePersonProfile, WholePersonProfile]
    const { source } = await desk.shortlistOf('Lever each way', [a, linkOnly(b), nameOnly(c)])
    const preview = await desk.main.ok('previewAtsSend', { connectionId: LEVER, source })
    expect(preview.rows.map((r) => [r.status, r.matchedBy, r.atsId])).toEqual([
      ['existing', 'email', opportunityOf(a).id],
      ['existing', 'link', opportunityOf(b).id],
      ['existing', 'name-company', opportunityOf(c).id]
    ])
    const posting = preview.jobs.find((j) => j.name === 'Software Engineer')!
    const forPosting = (p: WholePersonProfile) =>
      desk.fakes.lever.store.opportunities.filter(
        (o) =>
          o.contact === opportunityOf(p).contact &&
          o.applications.some((x) => desk.fakes.lever.store.applicationPosting.get(x) === posting.id)
      )
    for (const p of three) expect(forPosting(p)).toHaveLength(0)
    const opportunities = desk.fakes.lever.store.opportunities.length
    const send = () =>
      desk.main.ok('sendToAts', {
        sendId: desk.sendId(),
        connectionId: LEVER,
        source,
        jobId: posting.id,
        stageId: null,
        existing: 'apply'
      })
    expect(await send()).toMatchObject({ created: 0, applied: 3, failed: 0 })
    expect(await send()).toMatchObject({ created: 0, applied: 0, skipped: 3 })
    expect(desk.fakes.lever.store.opportunities.length).toBe(opportunities + 3)
    for (const p of three) expect(forPosting(p)).toHaveLength(1)
  })

  it('a record of the wrong shape, or one it cannot read, sinks no one else', async () => {
    const two = desk.people.profiles.filter((p) => emailsOf(p).length > 0 && p.cur_company && inLever(p)).slice(10, 12)
    const [unreadable] = desk.people.unknown.filter((p) => !inLever(p)).slice(40, 41) as [WholePersonProfile]
    const store = desk.fakes.lever.store
    const fields = {
      headline: '',
      phones: [],
      links: [],
      tags: [],
      sources: [],
      origin: 'sourced',
      stage: store.opportunities[0]!.stage,
      owner: desk.fakes.lever.userId,
      location: ''
    }
    const odd = store.add({ ...fields, name: 'Odd Record', emails: ['odd.lever@example.org'] }, Date.now())
    Object.assign(odd, { name: null, links: [null, 7], headline: { text: 'x' } })
    // the read of every record (for a link) passes over it
    const { source: byLink } = await desk.shortlistOf('Lever odd record', [linkOnly(two[0]!)])
    const read = await desk.main.ok('previewAtsSend', { connectionId: LEVER, source: byLink })
    expect(read.rows.map((r) => [r.status, r.matchedBy, r.atsId])).toEqual([
      ['existing', 'link', opportunityOf(two[0]!).id]
    ])

    const deep = store.add({ ...fields, name: 'Deep Record', emails: [emailsOf(unreadable)[0] as string] }, Date.now())
    Object.assign(deep, { dataProtection: nested(600) })

    const { source } = await desk.shortlistOf('Lever bad records', [...two, unreadable])
    const preview = await desk.main.ok('previewAtsSend', { connectionId: LEVER, source })
    expect(preview.rows.map((r) => [r.status, r.matchedBy])).toEqual([
      ['existing', 'email'],
      ['existing', 'email'],
      ['unchecked', null]
    ])
    expect(preview.rows[2]?.lookError).toMatch(/nests more than 512 levels/)
    const result = await desk.main.ok('sendToAts', {
      sendId: desk.sendId(),
      connectionId: LEVER,
      source,
      jobId: null,
      stageId: null
    })
    expect(result).toMatchObject({ created: 0, skipped: 2, failed: 1 })
    expect(leverWithEmail(desk.fakes, emailsOf(unreadable)[0] as string)).toBe(1)
  })
})
