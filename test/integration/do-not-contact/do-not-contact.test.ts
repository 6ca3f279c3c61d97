import { describe, expect, it } from 'vitest'
import { profiles, useMains, type TestMain } from '../services/helpers'
import { suppressionLabel } from '../../../shared/ipc/channels/do-not-contact'

/*
 * The do-not-contact list (issue #31 item 5) over the composed main and SQLite on disk: entries
 * added by hand and from a file of lines and CSV, kept as salted hashes beside the value typed,
 * removed; people checked against it (an email, its domain, a handle, a key) and against the
 * tombstones, each with why; forgetting a listed person deletes the entry and keeps them suppressed.
 */

const start = useMains()

const changed = (main: TestMain) => main.events.filter((event) => event.name === 'doNotContactChanged').length

describe('the do-not-contact list', () => {
  it('adds by hand, refuses what is not of its kind, checks people by email, domain, handle and key, removes', async () => {
    const main = await start()
    expect(await main.ok('listDoNotContact', {})).toEqual({ entries: [], offset: 0, total: 0, forgotten: 0 })

    const email = await main.ok('addDoNotContact', {
      kind: 'email',
      value: ' Ana.Pena@Example.com ',
      note: 'asked by phone'
    })
    expect(email).toMatchObject({
      added: true,
      entry: { kind: 'email', value: 'Ana.Pena@Example.com', note: 'asked by phone' }
    })
    const again = await main.ok('addDoNotContact', { kind: 'email', value: 'ana.pena@example.com' })
    expect(again).toEqual({ added: false, entry: email.entry })
    const domain = await main.ok('addDoNotContact', { kind: 'domain', value: '@Rival.example' })
    const handle = await main.ok('addDoNotContact', {
      kind: 'handle',
      value: 'https://profilenet.example/in/Bruno-7?x=1'
    })
    const key = await main.ok('addDoNotContact', { kind: 'key', value: 'p-9-9' })
    expect(changed(main)).toBe(4)

    const refused = await main.fail('addDoNotContact', { kind: 'email', value: 'not an email' })
    expect(refused.message).toMatch(/not an email address/)

    const listed = await main.ok('listDoNotContact', {})
    expect(listed.entries.map((entry) => entry.id)).toEqual([
      key.entry.id,
      handle.entry.id,
      domain.entry.id,
      email.entry.id
    ])

    const { suppressed } = await main.ok('checkDoNotContact', {
      people: [
        { key: 'p-1-1', emails: ['ANA.PENA@example.com'] },
        { key: 'p-1-2', emails: ['someone@other.example'] },
        { key: 'p-1-3', emails: ['cto@rival.example'] },
        { key: 'p-1-4', handles: ['bruno-7'] },
        { key: 'p-9-9' },
        { emails: ['x@sub.rival.example'] }
      ]
    })
    expect(suppressed).toEqual([
      { index: 0, reasons: [{ why: 'listed', kind: 'email', entryId: email.entry.id }] },
      { index: 2, reasons: [{ why: 'listed', kind: 'domain', entryId: domain.entry.id }] },
      { index: 3, reasons: [{ why: 'listed', kind: 'handle', entryId: handle.entry.id }] },
      { index: 4, reasons: [{ why: 'listed', kind: 'key', entryId: key.entry.id }] }
    ])

    expect(await main.ok('removeDoNotContact', { id: domain.entry.id })).toEqual({ removed: true })
    expect(await main.ok('removeDoNotContact', { id: domain.entry.id })).toEqual({ removed: false })
    const after = await main.ok('checkDoNotContact', { people: [{ emails: ['cto@rival.example'] }] })
    expect(after.suppressed).toEqual([])
  })

  it('imports a file of lines and CSV: emails, domains, profile addresses and keys; the rest is reported', async () => {
    const main = await start()
    await main.ok('addDoNotContact', { kind: 'email', value: 'kept@example.com' })
    const text = [
      'Name,Email',
      'Ana Peña,ana@example.com',
      '"Bruno Sá";"bruno@example.com"',
      '@rival.example',
      'https://profilenet.example/in/carla-3',
      'key:p-4-4',
      'kept@example.com',
      '',
      'Just a name'
    ].join('\r\n')
    const result = await main.ok('importDoNotContact', { text, note: 'from the old CRM' })
    expect(result).toEqual({
      added: 5,
      alreadyListed: 1,
      skipped: [
        { line: 1, text: 'Name,Email' },
        { line: 9, text: 'Just a name' }
      ],
      skippedCount: 2,
      total: 6
    })
    const { entries } = await main.ok('listDoNotContact', {})
    expect(entries.map(({ kind, value }) => `${kind} ${value}`).sort()).toEqual([
      'domain @rival.example',
      'email ana@example.com',
      'email bruno@example.com',
      'email kept@example.com',
      'handle https://profilenet.example/in/carla-3',
      'key p-4-4'
    ])
    expect(entries.find((entry) => entry.value === 'ana@example.com')?.note).toBe('from the old CRM')
    const { suppressed } = await main.ok('checkDoNotContact', {
      people: [{ key: 'p-4-4' }, { handles: ['Carla-3'] }, { emails: ['ceo@rival.example'] }, { key: 'p-5-5' }]
    })
    expect(suppressed.map((one) => one.index)).toEqual([0, 1, 2])
  })

  it('counts every forgotten person as suppressed; forgetting a listed person deletes the entry and keeps them suppressed', async () => {
    const main = await start()
    const list = await main.ok('createShortlist', { name: 'Team' })
    const [zofia, other] = profiles(2, 31)
    await main.ok('addMembers', {
      shortlistId: list.id,
      profiles: [{ ...zofia, emails: ['zofia@people.example'] }, other!]
    })
    const zofiaKey = zofia!.key as string
    const otherKey = other!.key as string
    const listed = await main.ok('addDoNotContact', { kind: 'email', value: 'Zofia@people.example' })
    expect(await main.ok('describePerson', { key: zofiaKey })).toMatchObject({
      holdings: expect.arrayContaining([
        expect.objectContaining({ owner: 'do-not-contact', table: 'do_not_contact', rows: 1 })
      ])
    })

    const forgot = await main.ok('forgetPeople', { keys: [zofiaKey, otherKey], reason: 'person-asked' })
    expect(forgot.failed).toEqual([])
    const after = await main.ok('listDoNotContact', {})
    expect(after).toEqual({ entries: [], offset: 0, total: 0, forgotten: 2 })
    const { suppressed } = await main.ok('checkDoNotContact', {
      people: [{ emails: ['zofia@people.example'] }, { key: otherKey }, { key: 'p-31-9' }]
    })
    expect(suppressed).toEqual([
      { index: 0, reasons: [{ why: 'forgotten', reason: 'person-asked' }] },
      { index: 1, reasons: [{ why: 'forgotten', reason: 'person-asked' }] }
    ])
    expect(listed.entry.id).toBeGreaterThan(0)
  })
})

describe('checking against the list as it changes', () => {
  it('sees an entry added, removed and a person forgotten between two checks of the same people', async () => {
    const main = await start()
    const people = [
      { key: 'p-7-1', emails: ['lena@acme.example'] },
      { key: 'p-7-2', handles: ['tomas-k'] }
    ]
    const check = async () => (await main.ok('checkDoNotContact', { people })).suppressed
    expect(await check()).toEqual([])

    const domain = await main.ok('addDoNotContact', { kind: 'domain', value: 'acme.example' })
    expect(await check()).toEqual([
      { index: 0, reasons: [{ why: 'listed', kind: 'domain', entryId: domain.entry.id }] }
    ])
    await main.ok('removeDoNotContact', { id: domain.entry.id })
    expect(await check()).toEqual([])

    const list = await main.ok('createShortlist', { name: 'Forgotten later' })
    await main.ok('addMembers', {
      shortlistId: list.id,
      profiles: [{ ...profiles(1, 71)[0]!, key: 'p-7-2', handle: 'tomas-k' }]
    })
    // forgotten by retention: the reason on record, not "at their request"
    await main.ok('forgetPeople', { keys: ['p-7-2'], reason: 'retention-period' })
    expect(await check()).toEqual([{ index: 1, reasons: [{ why: 'forgotten', reason: 'retention-period' }] }])
    expect(suppressionLabel({ why: 'forgotten', reason: 'retention-period' })).toBe(
      'Forgotten: kept longer than the retention period'
    )
    // forgotten again, later, for another reason: the latest is the one on record
    await main.ok('forgetPeople', { keys: ['p-7-2'], reason: 'person-asked' })
    expect(await check()).toEqual([{ index: 1, reasons: [{ why: 'forgotten', reason: 'person-asked' }] }])
  })
})
