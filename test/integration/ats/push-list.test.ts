import { describe, expect, it } from 'vitest'
import { AtsClient } from '../../../electron/main/ats/ats-client'
import { AtsPullService } from '../../../electron/main/ats/pull/ats-pull-service'
import { systemClock } from '../../../electron/main/store/clock'
import { emailsOf } from '../../../sandbox/data/handles'
import type { WholePersonProfile } from '../../../shared/api'
import type { AtsSendPreview } from '../../../shared/ipc/channels/ats-send'
import { linkOnly, nameOnly, useSendDesk } from './ats-fixture'
import { GH, LEVER, fakeTarget } from './push-helpers'

// "Send to the ATS": the preview answers "already there by profile link or by name and company"
// from the list pulled from Greenhouse (Known people, live: the list the "In your ATS" marks read)
// and the records changed since its pull — not by reading every record of the ATS. Over real HTTP
// against a fake Greenhouse holding 3,000 filler candidates past the Sandbox's own (7 pages of
// 500), its requests counted at the fake. The tests run in order: the first previews before any
// pull, then the list is pulled.
const desk = useSendDesk({ greenhouseFiller: 3000 })

/** A page of the read of every record (no created_after or updated_after filter). */
const everyRecordPage = /^GET \/v1\/candidates\?per_page=\d+&page=\d+$/
const changesRead = /^GET \/v1\/candidates\?per_page=500&page=\d+&updated_after=/
const idsRead = /^GET \/v1\/candidates\?per_page=50&candidate_ids=/

/** The people previewed in the first two tests: four found by profile link, four by name and company. */
const matchedPeople = () => desk.people.known.filter((p) => (p.li_urls ?? []).length > 0).slice(0, 8)
const matched = () => matchedPeople().map((p, i) => (i < 4 ? linkOnly(p) : nameOnly(p)))
const recordOf = (p: WholePersonProfile) =>
  desk.fakes.greenhouse.store.candidates.find((r) => r.email_addresses.some((e) => e.value === emailsOf(p)[0]))

/** The preview of these people as a new shortlist, and the requests the fake Greenhouse saw for it. */
async function previewOf(name: string, profiles: WholePersonProfile[]) {
  const { source } = await desk.shortlistOf(name, profiles)
  const requests = desk.fakes.greenhouse.requests
  requests.length = 0
  const preview: AtsSendPreview = await desk.main.ok('previewAtsSend', { connectionId: GH, source })
  return { preview, source, requests: requests.filter((r) => r.startsWith('GET /v1/candidates')) }
}

let readEverything: { rows: Array<[string, string | null, string | null]>; requests: number } | undefined

describe('Greenhouse: links and names matched against the pulled list', () => {
  it('(d) with no pulled list yet, the preview reads every record, as before, and says so', async () => {
    const { preview, requests } = await previewOf('before any pull', matched())
    expect(preview.rows.map((r) => [r.status, r.matchedBy, r.atsId])).toEqual(
      matchedPeople().map((p, i) => ['existing', i < 4 ? 'link' : 'name-company', String(recordOf(p)!.id)])
    )
    readEverything = { rows: preview.rows.map((r) => [r.status, r.matchedBy, r.atsId]), requests: requests.length }
    expect(requests.filter((r) => everyRecordPage.test(r)).length).toBeGreaterThanOrEqual(7)
    expect(preview.lookNote).toMatch(/reading every record of Greenhouse \(no pulled list yet\)/)
  })

  it('(d) Lever reads every record as before (its pulled list keeps no company), and says why', async () => {
    const { source } = await desk.shortlistOf('Lever, read as before', matched().slice(0, 2))
    const preview = await desk.main.ok('previewAtsSend', { connectionId: LEVER, source })
    expect(preview.lookNote).toBe(
      'Profile links and names were matched by reading every record of Lever (Lever’s pulled list keeps no company).'
    )
  })

  it('(a) with a pulled list: the same records, without the read of every record', async () => {
    // the pull reads through an AtsClient of its own to the same fake, at its own pace
    const target = fakeTarget('greenhouse', desk.fakes, desk.dispatcher)
    const client = target.client
    if (!(client instanceof AtsClient)) throw new Error('the fake target’s client is an AtsClient')
    const pull = new AtsPullService({
      opener: {
        open: async (id) => (id === GH ? { kind: 'greenhouse', name: target.name, client } : null),
        connectionIds: () => [GH]
      },
      knownPeople: () => desk.main.services.knownPeople,
      doNotContact: () => desk.main.services.doNotContact,
      clock: systemClock,
      emit: () => undefined
    })
    expect(await pull.pull(GH)).toMatchObject({ state: 'done', mode: 'full' })

    const { preview, source, requests } = await previewOf('after the pull', matched())
    expect(readEverything).toBeDefined()
    expect(preview.rows.map((r) => [r.status, r.matchedBy, r.atsId])).toEqual(readEverything!.rows)
    expect(requests.filter((r) => everyRecordPage.test(r))).toEqual([])
    expect(requests.filter((r) => changesRead.test(r))).toHaveLength(1)
    // the records the list names are confirmed by one read of them by their ids
    expect(requests.filter((r) => idsRead.test(r))).toHaveLength(1)
    expect(requests.length).toBeLessThan(readEverything!.requests / 2)
    expect(preview.lookNote).toMatch(
      /matched against the list pulled from Greenhouse (just now|\d+ minutes? ago) and the changes since/
    )

    // the send skips them on the same records, and makes no one
    const candidates = desk.fakes.greenhouse.store.candidates.length
    const sent = await desk.main.ok('sendToAts', {
      sendId: desk.sendId(),
      connectionId: GH,
      source,
      jobId: null,
      stageId: null
    })
    expect(sent).toMatchObject({ created: 0, skipped: 8, failed: 0 })
    expect(sent.outcomes.map((o) => o.atsId)).toEqual(readEverything!.rows.map((r) => r[2]))
    expect(desk.fakes.greenhouse.store.candidates.length).toBe(candidates)
  })

  it('(b) a candidate made in Greenhouse after the pull is found (the read of the changes since)', async () => {
    const [fresh] = desk.people.unknown.filter((p) => (p.li_urls ?? []).length > 0 && p.first_name && p.last_name)
    const at = new Date().toISOString()
    const made = desk.fakes.greenhouse.store.add(
      {
        first_name: fresh!.first_name!,
        last_name: fresh!.last_name!,
        company: null,
        title: null,
        email_addresses: [],
        phone_numbers: [],
        social_media_addresses: [{ value: fresh!.li_urls![0]! }],
        can_email: true,
        tags: []
      },
      null,
      at,
      at
    )
    const { preview, requests } = await previewOf('made after the pull', [linkOnly(fresh!)])
    expect(preview.rows.map((r) => [r.status, r.matchedBy, r.atsId])).toEqual([['existing', 'link', String(made.id)]])
    expect(requests.filter((r) => everyRecordPage.test(r))).toEqual([])
  })

  it('(e) a candidate whose company changed in Greenhouse after the pull is read as it is now, not as the list had it', async () => {
    const known = desk.people.known.filter((p) => (p.li_urls ?? []).length > 0)
    const moved = known[10]!
    const id = recordOf(moved)!.id
    desk.fakes.greenhouse.store.touch(id, new Date().toISOString(), { company: 'Somewhere Else Entirely' })
    const { preview, requests } = await previewOf('moved after the pull', [nameOnly(moved)])
    expect(preview.rows.map((r) => [r.status, r.atsId])).toEqual([['new', null]])
    expect(requests.filter((r) => idsRead.test(r))).toEqual([])
    expect(requests.filter((r) => everyRecordPage.test(r))).toEqual([])
  })

  it('(c) a candidate deleted in Greenhouse after the pull is not counted as found', async () => {
    const known = desk.people.known.filter((p) => (p.li_urls ?? []).length > 0)
    const [gone, stays] = [known[8]!, known[9]!]
    const goneId = recordOf(gone)!.id
    desk.fakes.greenhouse.store.remove(goneId)
    const { preview, requests } = await previewOf('deleted after the pull', [linkOnly(gone), linkOnly(stays)])
    expect(preview.rows.map((r) => [r.status, r.atsId])).toEqual([
      ['new', null],
      ['existing', String(recordOf(stays)!.id)]
    ])
    // the list still named it: the read by its id did not answer it
    expect(requests.some((r) => idsRead.test(r) && r.includes(String(goneId)))).toBe(true)
    expect(requests.filter((r) => everyRecordPage.test(r))).toEqual([])
  })
})
