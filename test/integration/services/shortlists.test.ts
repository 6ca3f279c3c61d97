import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ManualClock, profiles, startMain, tempDir, type TestMain } from './helpers'

let main: TestMain
afterEach(async () => {
  await main?.close()
})

describe('shortlists through the router on a real SQLite file', () => {
  it('creates, lists with counts, renames, deletes and undoes a delete', async () => {
    main = await startMain()
    expect(await main.ok('listShortlists', {})).toEqual([])
    const created = await main.ok('createShortlist', { name: '  Backend, Lisbon  ' })
    expect(created).toMatchObject({ name: 'Backend, Lisbon', memberCount: 0, deletedAt: null })
    await main.ok('addMembers', { shortlistId: created.id, profiles: profiles(3) })
    const [listed] = await main.ok('listShortlists', {})
    expect(listed).toMatchObject({ id: created.id, memberCount: 3 })

    const renamed = await main.ok('renameShortlist', { id: created.id, name: 'Backend (EU)' })
    expect(renamed.name).toBe('Backend (EU)')

    const deleted = await main.ok('deleteShortlist', { id: created.id })
    expect(deleted.deletedAt).not.toBeNull()
    expect(await main.ok('listShortlists', {})).toEqual([])
    // A deleted shortlist is worded so the recruiter knows Undo can bring it back.
    const gone = await main.fail('renameShortlist', { id: created.id, name: 'x' })
    expect(gone).toMatchObject({
      code: 'not_found',
      message: 'That shortlist was deleted — press Undo to bring it back.'
    })
    const membersGone = await main.fail('listMembers', { shortlistId: created.id })
    expect(membersGone.code).toBe('not_found')

    const back = await main.ok('undoDeleteShortlist', { id: created.id })
    expect(back).toMatchObject({ id: created.id, name: 'Backend (EU)', deletedAt: null, memberCount: 3 })
    expect((await main.ok('listMembers', { shortlistId: created.id })).length).toBe(3)
    expect(await main.fail('undoDeleteShortlist', { id: created.id })).toMatchObject({ code: 'not_found' })
  })

  it('refuses bad names and unknown ids with the shared codes', async () => {
    main = await startMain()
    for (const name of ['', '   ', 'x'.repeat(201)]) {
      expect(await main.fail('createShortlist', { name })).toMatchObject({ code: 'invalid_input' })
    }
    expect(await main.fail('createShortlist', { name: 'ok', extra: true })).toMatchObject({ code: 'invalid_input' })
    const missing = await main.fail('deleteShortlist', { id: 'no-such-id' })
    expect(missing).toMatchObject({ code: 'not_found', message: expect.stringContaining('no longer exists') })
    expect(missing.details).toMatchObject({ storeCode: 'not_found' })
    expect(await main.fail('listMembers', { shortlistId: 'no-such-id' })).toMatchObject({ code: 'not_found' })
  })

  it('adds profiles as received, skips ones already there, and reports a bad one without refusing the rest', async () => {
    main = await startMain()
    const list = await main.ok('createShortlist', { name: 'Data' })
    const first = await main.ok('addMembers', { shortlistId: list.id, profiles: profiles(4) })
    expect(first.added).toHaveLength(4)
    expect(first.skipped).toEqual([])
    const again = await main.ok('addMembers', { shortlistId: list.id, profiles: profiles(6) })
    expect(again.added).toHaveLength(2)
    expect(again.skipped).toEqual(['p-1-0', 'p-1-1', 'p-1-2', 'p-1-3'])

    const keyless = { full_name: 'No Key' }
    const partly = await main.ok('addMembers', { shortlistId: list.id, profiles: [...profiles(2, 2), keyless, 7] })
    expect(partly.added).toHaveLength(2)
    expect(partly.rejected).toEqual([
      { index: 2, name: 'No Key', reason: 'The profile has no key (nor li_id), so it cannot be saved.' },
      { index: 3, reason: 'A profile must be a JSON object.' }
    ])
    expect((await main.ok('listMembers', { shortlistId: list.id })).length).toBe(8)

    // Saved profiles are kept as they came and read tolerantly, as the API's are: a declared
    // field of another type is saved (and shown as absent), never a reason to lose the person.
    const odd = await main.ok('addMembers', { shortlistId: list.id, profiles: [{ key: 'k', full_name: 42 }] })
    expect(odd.added).toHaveLength(1)
    expect(await main.fail('addMembers', { shortlistId: list.id, profiles: [] })).toMatchObject({
      code: 'invalid_input'
    })
    expect(await main.fail('addMembers', { shortlistId: 'gone', profiles: profiles(1) })).toMatchObject({
      code: 'not_found'
    })
    const [member] = await main.ok('listMembers', { shortlistId: list.id })
    const detail = await main.ok('getMember', { memberId: member!.id })
    expect(detail.profile.x_partner_extension).toEqual({ undeclared: true, index: 0 })
  })

  it('reads a member with its profile summary and snapshot dates', async () => {
    main = await startMain()
    const list = await main.ok('createShortlist', { name: 'Detail' })
    const profile: Record<string, unknown> = {
      ...profiles(1)[0]!,
      full_name: 'Zoë Müller',
      cur_title: 'Staff Engineer',
      cur_company: 'Hooli',
      city: 'Lisbon',
      country: 'Portugal'
    }
    const { added } = await main.ok('addMembers', { shortlistId: list.id, profiles: [profile] })
    const detail = await main.ok('getMember', { memberId: added[0]! })
    expect(detail).toMatchObject({
      name: 'Zoë Müller',
      stage: 'New',
      rating: null,
      summary: { name: 'Zoë Müller', title: 'Staff Engineer', company: 'Hooli', location: 'Lisbon, Portugal' },
      snapshots: [{ capturedAt: '2026-03-02T10:00:00.000Z', source: 'saved', current: true }]
    })
    expect(detail.summary.skills).toEqual(profile.skills)
    expect(detail.summary.positions[0]).toMatchObject({ start: '2019-01-01', end: '2022-06-30' })
    expect(await main.fail('getMember', { memberId: 999_999 })).toMatchObject({
      code: 'not_found',
      message: 'That person is no longer in this shortlist — reload the list.'
    })
    expect(await main.fail('getMember', { memberId: -1 })).toMatchObject({ code: 'invalid_input' })
  })

  it('edits notes, tags, stage and rating; the edits survive closing and reopening the store', async () => {
    const dataDir = tempDir()
    main = await startMain({ dataDir })
    const list = await main.ok('createShortlist', { name: 'Edits' })
    const { added } = await main.ok('addMembers', { shortlistId: list.id, profiles: profiles(2) })
    const memberId = added[1]!
    const edited = await main.ok('updateMember', {
      memberId,
      patch: { notes: 'Strong on Rust; call after 5pm', tags: ['rust', 'remote'], stage: 'Interviewing', rating: 4 }
    })
    expect(edited).toMatchObject({
      notes: 'Strong on Rust; call after 5pm',
      tags: ['rust', 'remote'],
      stage: 'Interviewing',
      rating: 4
    })
    // A partial patch leaves other fields alone; rating null clears it.
    expect(await main.ok('updateMember', { memberId, patch: { rating: null } })).toMatchObject({
      rating: null,
      stage: 'Interviewing'
    })

    expect(await main.fail('updateMember', { memberId, patch: { rating: 6 } })).toMatchObject({ code: 'invalid_input' })
    expect(await main.fail('updateMember', { memberId, patch: { color: 'red' } })).toMatchObject({
      code: 'invalid_input'
    })
    expect(await main.fail('updateMember', { memberId, patch: { stage: 'Nope' } })).toMatchObject({
      code: 'invalid_input',
      message: 'There is no stage named “Nope”.'
    })
    expect(await main.fail('updateMember', { memberId: 424242, patch: { notes: 'x' } })).toMatchObject({
      code: 'not_found'
    })

    await main.close()
    main = await startMain({ dataDir })
    const reopened = await main.ok('getMember', { memberId })
    expect(reopened).toMatchObject({
      notes: 'Strong on Rust; call after 5pm',
      tags: ['rust', 'remote'],
      stage: 'Interviewing',
      rating: null
    })
    const byStage = await main.ok('listMembers', { shortlistId: list.id, stage: 'Interviewing' })
    expect(byStage.map((member) => member.id)).toEqual([memberId])
    expect(await main.fail('listMembers', { shortlistId: list.id, stage: 'Unknown' })).toMatchObject({
      code: 'invalid_input'
    })
  })

  it('removes a member', async () => {
    main = await startMain()
    const list = await main.ok('createShortlist', { name: 'Remove' })
    const { added } = await main.ok('addMembers', { shortlistId: list.id, profiles: profiles(2) })
    expect(await main.ok('removeMember', { memberId: added[0]! })).toEqual({ memberId: added[0] })
    expect((await main.ok('listMembers', { shortlistId: list.id })).map((m) => m.id)).toEqual([added[1]])
    expect(await main.fail('removeMember', { memberId: added[0]! })).toMatchObject({ code: 'not_found' })
  })

  it('empties Recently deleted of people removed 30 days before a start, and keeps the younger ones', async () => {
    const dataDir = tempDir()
    const clock = new ManualClock()
    main = await startMain({ dataDir, clock })
    const list = await main.ok('createShortlist', { name: 'Purged at start' })
    const { added } = await main.ok('addMembers', { shortlistId: list.id, profiles: profiles(2) })
    await main.ok('removeMember', { memberId: added[0]! })
    clock.advanceDays(2)
    await main.ok('removeMember', { memberId: added[1]! })
    await main.close()

    clock.advanceDays(29) // the first removed 31 days ago, the second 29
    main = await startMain({ dataDir, clock })
    expect((await main.ok('listRecentlyDeleted', {})).members.map((member) => member.id)).toEqual([added[1]])
  })

  it('manages stages: add, rename, reorder, remove (in use is a conflict until members move)', async () => {
    main = await startMain()
    const initial = await main.ok('listStages', {})
    expect(initial.map((stage) => stage.name)).toEqual([
      'New',
      'Contacted',
      'Interviewing',
      'Offer',
      'Hired',
      'Rejected'
    ])
    const screening = await main.ok('addStage', { name: 'Screening' })
    expect(screening.position).toBe(initial.length)
    expect(await main.fail('addStage', { name: 'Screening' })).toMatchObject({ code: 'invalid_input' })
    expect(await main.fail('addStage', { name: 'x'.repeat(61) })).toMatchObject({ code: 'invalid_input' })
    expect((await main.ok('renameStage', { id: screening.id, name: 'Phone screen' })).name).toBe('Phone screen')
    expect(await main.fail('renameStage', { id: 9999, name: 'Ghost' })).toMatchObject({ code: 'not_found' })

    const ids = (await main.ok('listStages', {})).map((stage) => stage.id)
    const reversed = await main.ok('reorderStages', { ids: [...ids].reverse() })
    expect(reversed.map((stage) => stage.id)).toEqual([...ids].reverse())
    expect(await main.fail('reorderStages', { ids: ids.slice(1) })).toMatchObject({ code: 'invalid_input' })

    const list = await main.ok('createShortlist', { name: 'Stages' })
    const { added } = await main.ok('addMembers', { shortlistId: list.id, profiles: profiles(2) })
    await main.ok('updateMember', { memberId: added[0]!, patch: { stage: 'Phone screen' } })
    const inUse = await main.fail('removeStage', { id: screening.id })
    expect(inUse).toMatchObject({ code: 'conflict', details: { storeCode: 'stage_in_use' } })
    const offer = reversed.find((stage) => stage.name === 'Offer')!
    const after = await main.ok('removeStage', { id: screening.id, reassignTo: offer.id })
    expect(after.map((stage) => stage.name)).not.toContain('Phone screen')
    expect((await main.ok('getMember', { memberId: added[0]! })).stage).toBe('Offer')
  })

  it('searches saved people across shortlists or within one, treating typed operators as text', async () => {
    main = await startMain()
    const a = await main.ok('createShortlist', { name: 'A' })
    const b = await main.ok('createShortlist', { name: 'B' })
    const zoe = {
      key: 'zoe',
      full_name: 'Zoë Kowalski',
      cur_title: 'Rust Engineer',
      cur_company: 'Globex',
      skills: ['Rust']
    }
    const ana = {
      key: 'ana',
      full_name: 'Ana García',
      cur_title: 'Designer',
      cur_company: 'Initech',
      skills: ['Figma']
    }
    await main.ok('addMembers', { shortlistId: a.id, profiles: [zoe, ana] })
    await main.ok('addMembers', { shortlistId: b.id, profiles: [zoe] })
    const [anaMember] = (await main.ok('listMembers', { shortlistId: a.id })).filter((m) => m.profileKey === 'ana')
    await main.ok('updateMember', { memberId: anaMember!.id, patch: { notes: 'met at the Kraków meetup' } })

    const across = await main.ok('searchSaved', { query: 'rust' })
    expect(across.map((hit) => hit.shortlistName).sort()).toEqual(['A', 'B'])
    const within = await main.ok('searchSaved', { query: 'rus', shortlistId: b.id })
    expect(within).toHaveLength(1)
    expect(within[0]).toMatchObject({ name: 'Zoë Kowalski', shortlistName: 'B' })
    // Accents are ignored and notes are searched.
    expect((await main.ok('searchSaved', { query: 'krakow' })).map((hit) => hit.profileKey)).toEqual(['ana'])
    expect(await main.ok('searchSaved', { query: 'AND OR ( "' })).toEqual([])
    expect(await main.ok('searchSaved', { query: '   ' })).toEqual([])
    // A deleted shortlist's people are not found.
    await main.ok('deleteShortlist', { id: b.id })
    expect((await main.ok('searchSaved', { query: 'zoe' })).map((hit) => hit.shortlistName)).toEqual(['A'])
  })

  it('keeps running when the data file is refused, and says so on every shortlist call', async () => {
    const dataDir = tempDir()
    fs.writeFileSync(
      path.join(dataDir, 'talent-desk.sqlite'),
      'this is not a database, just text that is long enough'.repeat(20)
    )
    main = await startMain({ dataDir })
    expect((await main.call('getAppInfo', {})).ok).toBe(true)
    const refused = await main.fail('listShortlists', {})
    expect(refused).toMatchObject({ code: 'store_error', details: { storeCode: 'store_corrupt' } })
    expect(refused.message).toContain('damaged')
    expect(await main.fail('createShortlist', { name: 'x' })).toMatchObject({ code: 'store_error' })
    expect(main.logs.some((record) => record.event === 'store.open_failed')).toBe(true)
  })
})
