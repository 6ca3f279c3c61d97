import { beforeAll, describe, expect, it } from 'vitest'
import { startAtsFakes } from '../../../sandbox/ats/fakes'
import { emailsOf } from '../../../sandbox/data/handles'
import type { WholePersonProfile } from '../../../shared/api'
import type { AtsSendProgress } from '../../../shared/ipc/channels/ats-send'
import { startMain } from '../services/helpers'
import { linkOnly, nameOnly, useSendDesk, without } from './ats-fixture'
import { GH, LEVER, fakeOpener, greenhouseWithEmail, leverWithEmail, sandboxPeople } from './push-helpers'

// "Send to the ATS" (issue #39 item 2) through the app's channels, over real HTTP against the fake
// Greenhouse and Lever, with the Sandbox's own people (the fakes hold some of them) saved in a
// shortlist on disk, the do-not-contact list and the export log the app's own.
const desk = useSendDesk()

const linksOf = (p: WholePersonProfile) => [...(p.li_urls ?? []), ...(p.codehost_url ? [p.codehost_url] : [])]

describe('Send to Greenhouse', () => {
  let list: { id: string; memberIds: number[] }
  let newOnes: WholePersonProfile[]
  let dnc: WholePersonProfile
  let incomplete: WholePersonProfile
  let byLink: WholePersonProfile
  let byName: WholePersonProfile

  beforeAll(async () => {
    newOnes = desk.people.unknown.slice(0, 3)
    dnc = desk.people.unknown[3] as WholePersonProfile
    // one word of a name only: Greenhouse requires a last name
    incomplete = {
      ...without(desk.people.unknown[4] as WholePersonProfile, 'first_name', 'last_name'),
      full_name: 'Cher'
    }
    // in Greenhouse, but saved here without an email: found by their profile link, or by name and company
    byLink = linkOnly(desk.people.known[3] as WholePersonProfile)
    byName = nameOnly(desk.people.known[4] as WholePersonProfile)
    list = await desk.shortlistOf('Backend — Q3', [
      ...newOnes,
      ...desk.people.known.slice(0, 3),
      dnc,
      incomplete,
      byLink,
      byName
    ])
    await desk.main.ok('addDoNotContact', { kind: 'email', value: emailsOf(dnc)[0] as string, note: 'Asked us not to' })
    await desk.main.ok('updateMember', {
      memberId: list.memberIds[0] as number,
      patch: { tags: ['Rust', 'Referral'], notes: 'Met at RustConf; open to Berlin.' }
    })
  })

  it('previews who is new, already there (by email, link, name and company), incomplete or left out, and the jobs', async () => {
    const preview = await desk.main.ok('previewAtsSend', {
      connectionId: GH,
      source: { kind: 'shortlist', shortlistId: list.id }
    })
    expect(preview).toMatchObject({
      kind: 'greenhouse',
      connectionName: 'Agency Greenhouse',
      sourceName: 'Backend — Q3'
    })
    expect(preview.counts).toEqual({ new: 3, existing: 5, sent: 0, missing: 1, leftOut: 1, unchecked: 0 })
    const status = Object.fromEntries(preview.rows.map((r) => [r.personKey, r]))
    for (const p of newOnes) expect(status[p.key as string]?.status).toBe('new')
    for (const p of desk.people.known.slice(0, 3)) {
      const row = status[p.key as string]
      expect(row).toMatchObject({ status: 'existing', matchedBy: 'email' })
      const record = desk.fakes.greenhouse.store.get(Number(row?.atsId))
      expect(record?.email_addresses.map((e) => e.value)).toContain(emailsOf(p)[0])
    }
    expect(status[byLink.key as string]).toMatchObject({ status: 'existing', matchedBy: 'link' })
    expect(status[byName.key as string]).toMatchObject({ status: 'existing', matchedBy: 'name-company' })
    expect(status[incomplete.key as string]).toMatchObject({ status: 'missing', missing: ['last_name'] })
    expect(status[dnc.key as string]?.status).toBe('left-out')
    expect(status[dnc.key as string]?.leftOutReason).toMatch(/do-not-contact/)
    // the rows keep the shortlist's order
    expect(preview.rows.map((r) => r.memberId)).toEqual(list.memberIds)
    expect(preview.jobs).toHaveLength(5)
    expect(preview.jobs[0]).toMatchObject({ name: 'Software Engineer' })
    expect(preview.jobs[0]?.stages.map((s) => s.name)).toEqual([
      'Application Review',
      'Recruiter Screen',
      'Hiring Manager Screen',
      'Onsite',
      'Offer'
    ])
  })

  it('sends the new people once, with their fields, as the acting user; says the rest; logs the send', async () => {
    const preview = await desk.main.ok('previewAtsSend', {
      connectionId: GH,
      source: { kind: 'shortlist', shortlistId: list.id }
    })
    const job = preview.jobs[1]!
    const stage = job.stages[1]!
    const before = desk.fakes.greenhouse.store.candidates.length
    const id = desk.sendId()
    const result = await desk.main.ok('sendToAts', {
      sendId: id,
      connectionId: GH,
      source: { kind: 'shortlist', shortlistId: list.id },
      jobId: job.id,
      stageId: stage.id
    })
    expect(result).toMatchObject({ cancelled: false, created: 3, skipped: 5, failed: 0, leftOut: 1, missing: 1 })
    expect(desk.fakes.greenhouse.store.candidates.length).toBe(before + 3)

    const first = newOnes[0]!
    const made = desk.fakes.greenhouse.store.get(Number(result.outcomes[0]?.atsId))!
    expect(made).toMatchObject({
      first_name: first.first_name,
      last_name: first.last_name,
      company: first.cur_company,
      title: first.cur_title,
      tags: ['Rust', 'Referral']
    })
    expect(made.email_addresses.map((e) => e.value)).toEqual(emailsOf(first))
    expect(made.social_media_addresses.map((e) => e.value)).toEqual(linksOf(first))
    expect(made.applications[0]).toMatchObject({
      prospect: false,
      jobs: [{ id: Number(job.id), name: job.name }],
      current_stage: { id: Number(stage.id), name: stage.name },
      source: { public_name: 'Talent Desk' }
    })
    // On-Behalf-Of: the acting user
    expect(desk.fakes.greenhouse.store.createdBy.get(made.id)).toBe(desk.fakes.greenhouse.userId)
    expect(desk.fakes.greenhouse.store.notes).toContainEqual({
      candidateId: made.id,
      userId: desk.fakes.greenhouse.userId,
      body: 'Met at RustConf; open to Berlin.',
      visibility: 'admin_only'
    })
    for (const p of newOnes) expect(greenhouseWithEmail(desk.fakes, emailsOf(p)[0] as string)).toBe(1)
    expect(greenhouseWithEmail(desk.fakes, emailsOf(dnc)[0] as string)).toBe(0)

    // progress: one event a person, the last one says all were handled
    const progress = desk.main.events
      .filter((e) => e.name === 'atsSendProgress')
      .map((e) => e.payload as AtsSendProgress)
      .filter((p) => p.sendId === id)
    expect(progress).toHaveLength(10)
    expect(progress.at(-1)).toMatchObject({ done: 10, total: 10, created: 3, skipped: 5 })

    // the member rows' ATS ids: the ones made and the ones found
    const sent = await desk.main.ok('listAtsSent', { shortlistId: list.id })
    expect(sent.filter((s) => s.created).map((s) => s.atsId)).toEqual(
      result.outcomes.filter((o) => o.result === 'created').map((o) => o.atsId)
    )
    expect(sent.filter((s) => !s.created)).toHaveLength(5)

    // the export log: where, how many, when
    const log = await desk.main.ok('listExportLog', { limit: 10 })
    expect(log.entries[0]).toMatchObject({
      kind: 'ats-send',
      format: 'greenhouse',
      source: 'Backend — Q3 → Greenhouse (Agency Greenhouse)',
      people: 3,
      // sent through the ATS's API, not a file: the connection it went to, by name
      delivery: 'ats',
      connection: { id: GH, name: 'Agency Greenhouse' }
    })
  })

  it('a second send creates nothing: everyone is sent before or already there', async () => {
    const before = desk.fakes.greenhouse.store.candidates.length
    const again = await desk.main.ok('sendToAts', {
      sendId: desk.sendId(),
      connectionId: GH,
      source: { kind: 'shortlist', shortlistId: list.id },
      jobId: null,
      stageId: null
    })
    expect(again).toMatchObject({ created: 0, skipped: 8, failed: 0, leftOut: 1, missing: 1 })
    expect(desk.fakes.greenhouse.store.candidates.length).toBe(before)
    const preview = await desk.main.ok('previewAtsSend', {
      connectionId: GH,
      source: { kind: 'shortlist', shortlistId: list.id }
    })
    expect(preview.counts).toMatchObject({ new: 0, sent: 8 })
  })

  it('a 5xx after Greenhouse made the record: the retry finds it and makes no second one', async () => {
    const two = desk.people.unknown.slice(10, 12)
    const { id } = await desk.shortlistOf('Five hundred', two)
    desk.fakes.greenhouse.store.faults.failAfterCreate = 1
    const first = await desk.main.ok('sendToAts', {
      sendId: desk.sendId(),
      connectionId: GH,
      source: { kind: 'shortlist', shortlistId: id },
      jobId: null,
      stageId: null
    })
    expect(first).toMatchObject({ created: 1, failed: 1 })
    expect(first.outcomes[0]?.message).toMatch(/500/)
    const email = emailsOf(two[0]!)[0] as string
    // Greenhouse made it although it answered 500
    expect(greenhouseWithEmail(desk.fakes, email)).toBe(1)
    const retry = await desk.main.ok('sendToAts', {
      sendId: desk.sendId(),
      connectionId: GH,
      source: { kind: 'shortlist', shortlistId: id },
      jobId: null,
      stageId: null
    })
    expect(retry).toMatchObject({ created: 1, skipped: 1, failed: 0 })
    expect(retry.outcomes[0]?.message).toMatch(/earlier send had created it/)
    expect(greenhouseWithEmail(desk.fakes, email)).toBe(1)
    const record = desk.fakes.greenhouse.store.candidates.find((c) => c.email_addresses.some((e) => e.value === email))
    expect(retry.outcomes[0]?.atsId).toBe(String(record?.id))
  })
})

describe('Greenhouse: people already there get a new application; the “Talent Desk” source', () => {
  const applicationsOn = (candidateId: string | null, jobId: string) =>
    desk.fakes.greenhouse.store
      .get(Number(candidateId))
      ?.applications.filter((a) => a.jobs.some((j) => String(j.id) === jobId)) ?? []

  it('chosen in the send: each one already there gets one application on the job and stage, once', async () => {
    const three = desk.people.known.slice(5, 8)
    const { id } = await desk.shortlistOf('Known, new job', three)
    const preview = await desk.main.ok('previewAtsSend', {
      connectionId: GH,
      source: { kind: 'shortlist', shortlistId: id }
    })
    expect(preview.counts).toMatchObject({ new: 0, existing: 3 })
    expect(preview.sourceNote).toBeNull()
    // a job none of them has an application on yet
    const job = preview.jobs.find((j) => preview.rows.every((row) => applicationsOn(row.atsId, j.id).length === 0))!
    const stage = job.stages[2]!
    const candidates = desk.fakes.greenhouse.store.candidates.length
    const send = () =>
      desk.main.ok('sendToAts', {
        sendId: desk.sendId(),
        connectionId: GH,
        source: { kind: 'shortlist', shortlistId: id },
        jobId: job.id,
        stageId: stage.id,
        existing: 'apply'
      })
    const result = await send()
    expect(result).toMatchObject({ created: 0, applied: 3, skipped: 0, failed: 0 })
    expect(desk.fakes.greenhouse.store.candidates.length).toBe(candidates)
    for (const row of preview.rows) {
      const made = applicationsOn(row.atsId, job.id)
      expect(made).toHaveLength(1)
      expect(made[0]).toMatchObject({
        prospect: false,
        current_stage: { id: Number(stage.id) },
        source: { public_name: 'Talent Desk' }
      })
    }
    // again: nobody gets a second one
    const again = await send()
    expect(again).toMatchObject({ created: 0, applied: 0, skipped: 3 })
    for (const row of preview.rows) expect(applicationsOn(row.atsId, job.id)).toHaveLength(1)
    const log = await desk.main.ok('listExportLog', { limit: 1 })
    expect(log.entries[0]).toMatchObject({ kind: 'ats-send', people: 3, delivery: 'ats' })
  })

  it('skipped by default, as before: no application is added', async () => {
    const one = desk.people.known.slice(8, 9)
    const { id } = await desk.shortlistOf('Known, skipped', one)
    const preview = await desk.main.ok('previewAtsSend', {
      connectionId: GH,
      source: { kind: 'shortlist', shortlistId: id }
    })
    const atsId = preview.rows[0]!.atsId
    const job = preview.jobs.find((j) => applicationsOn(atsId, j.id).length === 0)!
    const before = desk.fakes.greenhouse.store.get(Number(atsId))!.applications.length
    const result = await desk.main.ok('sendToAts', {
      sendId: desk.sendId(),
      connectionId: GH,
      source: { kind: 'shortlist', shortlistId: id },
      jobId: job.id,
      stageId: job.stages[0]!.id
    })
    expect(result).toMatchObject({ applied: 0, skipped: 1 })
    expect(desk.fakes.greenhouse.store.get(Number(atsId))!.applications).toHaveLength(before)
  })

  it('a 5xx after Greenhouse added the application: the retry looks and adds no second one', async () => {
    const one = desk.people.known.slice(9, 10)
    const { id } = await desk.shortlistOf('Known, five hundred', one)
    const preview = await desk.main.ok('previewAtsSend', {
      connectionId: GH,
      source: { kind: 'shortlist', shortlistId: id }
    })
    const atsId = preview.rows[0]!.atsId
    const job = preview.jobs.find((j) => applicationsOn(atsId, j.id).length === 0)!
    const send = () =>
      desk.main.ok('sendToAts', {
        sendId: desk.sendId(),
        connectionId: GH,
        source: { kind: 'shortlist', shortlistId: id },
        jobId: job.id,
        stageId: job.stages[0]!.id,
        existing: 'apply'
      })
    desk.fakes.greenhouse.store.faults.failAfterCreate = 1
    expect(await send()).toMatchObject({ applied: 0, failed: 1 })
    // Greenhouse added it although it answered 500
    expect(applicationsOn(atsId, job.id)).toHaveLength(1)
    const retry = await send()
    expect(retry).toMatchObject({ applied: 0, skipped: 1, failed: 0 })
    expect(retry.outcomes[0]?.message).toMatch(/with an application for this job/)
    expect(applicationsOn(atsId, job.id)).toHaveLength(1)
  })

  it('without a “Talent Desk” source in Greenhouse the preview says so and the records go without one', async () => {
    const sources = desk.fakes.greenhouse.store.sources
    const kept = sources.splice(
      sources.findIndex((s) => s.name === 'Talent Desk'),
      1
    )
    try {
      const { id } = await desk.shortlistOf('No source', desk.people.unknown.slice(30, 31))
      const preview = await desk.main.ok('previewAtsSend', {
        connectionId: GH,
        source: { kind: 'shortlist', shortlistId: id }
      })
      expect(preview.sourceNote).toMatch(/no source named “Talent Desk”/)
      const job = preview.jobs[0]!
      const result = await desk.main.ok('sendToAts', {
        sendId: desk.sendId(),
        connectionId: GH,
        source: { kind: 'shortlist', shortlistId: id },
        jobId: job.id,
        stageId: job.stages[0]!.id
      })
      expect(result.created).toBe(1)
      expect(desk.fakes.greenhouse.store.get(Number(result.outcomes[0]?.atsId))?.applications[0]?.source).toBeNull()
    } finally {
      sources.push(...kept)
    }
  })
})

describe('people sent before: skipped, or a new application on the same record', () => {
  const applicationsOn = (candidateId: string | null | undefined, jobId: string) =>
    desk.fakes.greenhouse.store
      .get(Number(candidateId))
      ?.applications.filter((a) => a.jobs.some((j) => String(j.id) === jobId)) ?? []

  it('Greenhouse: the candidates the desk made get one application on the job, once, a 5xx retried', async () => {
    const two = desk.people.unknown.slice(50, 52)
    const { id } = await desk.shortlistOf('Sent, then a job', two)
    const source = { kind: 'shortlist' as const, shortlistId: id }
    const first = await desk.main.ok('sendToAts', {
      sendId: desk.sendId(),
      connectionId: GH,
      source,
      jobId: null,
      stageId: null
    })
    expect(first).toMatchObject({ created: 2, failed: 0 })
    const made = first.outcomes.map((o) => o.atsId)
    const preview = await desk.main.ok('previewAtsSend', { connectionId: GH, source })
    expect(preview.counts).toMatchObject({ new: 0, existing: 0, sent: 2 })
    expect(preview.rows.map((r) => r.atsId)).toEqual(made)
    const job = preview.jobs[3]!
    const stage = job.stages[1]!
    const candidates = desk.fakes.greenhouse.store.candidates.length
    const send = () =>
      desk.main.ok('sendToAts', {
        sendId: desk.sendId(),
        connectionId: GH,
        source,
        jobId: job.id,
        stageId: stage.id,
        existing: 'apply'
      })
    // Greenhouse adds the first application but answers 500: the retry looks and adds no second
    desk.fakes.greenhouse.store.faults.failAfterCreate = 1
    expect(await send()).toMatchObject({ created: 0, applied: 1, failed: 1 })
    const retry = await send()
    expect(retry).toMatchObject({ created: 0, applied: 0, skipped: 2, failed: 0 })
    expect(retry.outcomes.map((o) => o.atsId)).toEqual(made)
    expect(desk.fakes.greenhouse.store.candidates.length).toBe(candidates)
    for (const atsId of made) {
      const on = applicationsOn(atsId, job.id)
      expect(on).toHaveLength(1)
      expect(on[0]).toMatchObject({ prospect: false, current_stage: { id: Number(stage.id) } })
    }
    for (const p of two) expect(greenhouseWithEmail(desk.fakes, emailsOf(p)[0] as string)).toBe(1)
    // still the desk's own records: the member rows say so
    const sent = await desk.main.ok('listAtsSent', { shortlistId: id })
    expect(sent.map((s) => [s.atsId, s.created])).toEqual(made.map((atsId) => [atsId, true]))
  })

  it('Greenhouse: skipped when not chosen, as before', async () => {
    const { id } = await desk.shortlistOf('Sent, skipped', desk.people.unknown.slice(52, 53))
    const source = { kind: 'shortlist' as const, shortlistId: id }
    const first = await desk.main.ok('sendToAts', {
      sendId: desk.sendId(),
      connectionId: GH,
      source,
      jobId: null,
      stageId: null
    })
    const atsId = first.outcomes[0]?.atsId
    const job = (await desk.main.ok('previewAtsSend', { connectionId: GH, source })).jobs[0]!
    const again = await desk.main.ok('sendToAts', {
      sendId: desk.sendId(),
      connectionId: GH,
      source,
      jobId: job.id,
      stageId: job.stages[0]!.id
    })
    expect(again).toMatchObject({ created: 0, applied: 0, skipped: 1 })
    expect(again.outcomes[0]?.message).toMatch(/Sent to Greenhouse before/)
    expect(applicationsOn(atsId, job.id)).toHaveLength(0)
  })

  it('Lever: the opportunities the desk made get one new opportunity for the posting, of the same contact, once, a 5xx retried', async () => {
    const inLever = (p: WholePersonProfile) => emailsOf(p).some((e) => leverWithEmail(desk.fakes, e) > 0)
    const two = desk.people.unknown.filter((p) => !inLever(p)).slice(30, 32)
    const { id } = await desk.shortlistOf('Lever leads, then a posting', two)
    const source = { kind: 'shortlist' as const, shortlistId: id }
    const first = await desk.main.ok('sendToAts', {
      sendId: desk.sendId(),
      connectionId: LEVER,
      source,
      jobId: null,
      stageId: null
    })
    expect(first).toMatchObject({ created: 2, failed: 0 })
    const contacts = first.outcomes.map((o) => desk.fakes.lever.store.get(o.atsId as string)!.contact)
    const preview = await desk.main.ok('previewAtsSend', { connectionId: LEVER, source })
    expect(preview.counts).toMatchObject({ new: 0, existing: 0, sent: 2 })
    const posting = preview.jobs.find((j) => j.name === 'Account Executive')!
    const forPosting = (contact: string) =>
      desk.fakes.lever.store.opportunities.filter(
        (o) =>
          o.contact === contact &&
          o.applications.some((a) => desk.fakes.lever.store.applicationPosting.get(a) === posting.id)
      )
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
    // Lever makes the first new opportunity but answers 500: the retry looks and makes no second
    desk.fakes.lever.store.faults.failAfterCreate = 1
    expect(await send()).toMatchObject({ created: 0, applied: 1, failed: 1 })
    expect(await send()).toMatchObject({ created: 0, applied: 0, skipped: 2, failed: 0 })
    expect(await send()).toMatchObject({ created: 0, applied: 0, skipped: 2 })
    expect(desk.fakes.lever.store.opportunities.length).toBe(opportunities + 2)
    for (const contact of contacts) expect(forPosting(contact)).toHaveLength(1)
    // the same two desk.people, not two more: every opportunity with their emails is of their contact
    two.forEach((p, i) => {
      const theirs = desk.fakes.lever.store.opportunities.filter((o) => o.emails.includes(emailsOf(p)[0] as string))
      expect(theirs).toHaveLength(2)
      expect(new Set(theirs.map((o) => o.contact))).toEqual(new Set([contacts[i]]))
    })
  })
})

describe('Send to Lever', () => {
  it('chosen in the send: a contact already there gets one new opportunity for the posting, of the same contact', async () => {
    const inLever = (p: WholePersonProfile) => emailsOf(p).some((e) => leverWithEmail(desk.fakes, e) > 0)
    const two = desk.people.profiles.filter((p) => emailsOf(p).length > 0 && p.cur_company && inLever(p)).slice(0, 2)
    expect(two).toHaveLength(2)
    const { id } = await desk.shortlistOf('Lever contacts, new posting', two)
    const preview = await desk.main.ok('previewAtsSend', {
      connectionId: LEVER,
      source: { kind: 'shortlist', shortlistId: id }
    })
    expect(preview.counts).toMatchObject({ new: 0, existing: 2 })
    const posting = preview.jobs.find((j) => j.name === 'Product Manager')!
    const contactOf = (atsId: string | null) => desk.fakes.lever.store.get(atsId as string)!.contact
    const forPosting = (contact: string) =>
      desk.fakes.lever.store.opportunities.filter(
        (o) =>
          o.contact === contact &&
          o.applications.some((a) => desk.fakes.lever.store.applicationPosting.get(a) === posting.id)
      )
    const contacts = preview.rows.map((row) => contactOf(row.atsId))
    for (const contact of contacts) expect(forPosting(contact)).toHaveLength(0)
    const opportunities = desk.fakes.lever.store.opportunities.length
    const send = () =>
      desk.main.ok('sendToAts', {
        sendId: desk.sendId(),
        connectionId: LEVER,
        source: { kind: 'shortlist', shortlistId: id },
        jobId: posting.id,
        stageId: null,
        existing: 'apply'
      })
    expect(await send()).toMatchObject({ created: 0, applied: 2, failed: 0 })
    expect(desk.fakes.lever.store.opportunities.length).toBe(opportunities + 2)
    for (const contact of contacts) {
      const made = forPosting(contact)
      expect(made).toHaveLength(1)
      expect(made[0]?.sources).toEqual(['Talent Desk'])
    }
    // again: nobody gets a second one
    expect(await send()).toMatchObject({ applied: 0, skipped: 2 })
    expect(desk.fakes.lever.store.opportunities.length).toBe(opportunities + 2)
  })

  it('creates opportunities as the acting user with the source, links and notes; a 5xx retry does not duplicate', async () => {
    const inLever = (p: WholePersonProfile) => emailsOf(p).some((e) => leverWithEmail(desk.fakes, e) > 0)
    const two = desk.people.unknown.filter((p) => !inLever(p)).slice(20, 22)
    const { id, memberIds } = await desk.shortlistOf('Lever people', two)
    await desk.main.ok('updateMember', {
      memberId: memberIds[0] as number,
      patch: { notes: 'Prefers remote.', tags: ['Go'] }
    })
    const preview = await desk.main.ok('previewAtsSend', {
      connectionId: LEVER,
      source: { kind: 'shortlist', shortlistId: id }
    })
    expect(preview.counts).toMatchObject({ new: 2, existing: 0 })
    const posting = preview.jobs.find((j) => j.name === 'Data Scientist')!
    const stage = posting.stages.find((s) => s.name === 'Reached out')!
    desk.fakes.lever.store.faults.failAfterCreate = 1
    const first = await desk.main.ok('sendToAts', {
      sendId: desk.sendId(),
      connectionId: LEVER,
      source: { kind: 'shortlist', shortlistId: id },
      jobId: posting.id,
      stageId: stage.id
    })
    expect(first).toMatchObject({ created: 1, failed: 1 })
    const retry = await desk.main.ok('sendToAts', {
      sendId: desk.sendId(),
      connectionId: LEVER,
      source: { kind: 'shortlist', shortlistId: id },
      jobId: posting.id,
      stageId: stage.id
    })
    expect(retry).toMatchObject({ created: 1, skipped: 1, failed: 0 })
    for (const p of two) expect(leverWithEmail(desk.fakes, emailsOf(p)[0] as string)).toBe(1)
    const made = desk.fakes.lever.store.get(retry.outcomes[1]?.atsId as string)!
    const p = two[1]!
    expect(made).toMatchObject({
      name: p.full_name,
      headline: `${p.cur_title} at ${p.cur_company}`,
      emails: emailsOf(p),
      links: linksOf(p),
      sources: ['Talent Desk'],
      origin: 'sourced',
      stage: stage.id,
      owner: desk.fakes.lever.userId
    })
    // the first person's notes (the 500 came after the opportunity was made: the notes were not added then)
    const firstMade = desk.fakes.lever.store.opportunities.find((o) =>
      o.emails.includes(emailsOf(two[0]!)[0] as string)
    )!
    expect(firstMade.tags).toEqual(['Go'])
    expect(desk.fakes.lever.store.notes.filter((n) => n.value === 'Prefers remote.')).toHaveLength(0)
  })
})

describe('a 429 storm', () => {
  it('is paced: every person is sent once, none fails, though Greenhouse refused calls on the way', async () => {
    // 3 calls a second: the send's lookups and creates run into the window again and again
    const tight = await startAtsFakes({ seed: 7, fromProfiles: 300, greenhouseRateLimit: 3, greenhouseWindowMs: 1000 })
    const stormMain = await startMain({ atsOpener: fakeOpener(tight, desk.dispatcher) })
    try {
      const eight = sandboxPeople(7, 300, tight).unknown.slice(40, 48)
      const shortlist = await stormMain.ok('createShortlist', { name: 'Storm' })
      await stormMain.ok('addMembers', { shortlistId: shortlist.id, profiles: eight })
      const before = tight.greenhouse.store.candidates.length
      const result = await stormMain.ok('sendToAts', {
        sendId: 'storm-send-1',
        connectionId: GH,
        source: { kind: 'shortlist', shortlistId: shortlist.id },
        jobId: null,
        stageId: null
      })
      expect(result).toMatchObject({ created: 8, failed: 0 })
      expect(tight.greenhouse.store.refused).toBeGreaterThan(0)
      expect(tight.greenhouse.store.candidates.length).toBe(before + 8)
      for (const p of eight) expect(greenhouseWithEmail(tight, emailsOf(p)[0] as string)).toBe(1)
      // prospects (no job chosen): an application marked prospect, on no job
      const made = tight.greenhouse.store.get(Number(result.outcomes[0]?.atsId))
      expect(made?.applications[0]).toMatchObject({ prospect: true, jobs: [] })
    } finally {
      await stormMain.close()
      await tight.close()
    }
  }, 60_000)
})
