import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { profiles, ScriptedDialogs, tempDir, useMains, type TestMain } from './helpers'

const start = useMains()

/** Everything a recruiter would compare after a restore, keyed by shortlist name. */
async function snapshot(main: TestMain) {
  const lists = await main.ok('listShortlists', {})
  const out: Record<string, unknown[]> = {}
  for (const list of lists) {
    const members = await main.ok('listMembers', { shortlistId: list.id })
    out[list.name] = await Promise.all(
      members.map(async (member) => {
        const {
          id: _id,
          shortlistId: _s,
          stageId: _st,
          snapshots,
          profile,
          ...rest
        } = await main.ok('getMember', { memberId: member.id })
        return { ...rest, profile, snapshots }
      })
    )
  }
  return {
    names: lists.map((list) => list.name).sort(),
    members: out,
    stages: (await main.ok('listStages', {})).map((s) => s.name)
  }
}

async function seed(main: TestMain) {
  const a = await main.ok('createShortlist', { name: 'Backend' })
  const b = await main.ok('createShortlist', { name: 'Désign — Kraków' })
  await main.ok('addStage', { name: 'Reference check' })
  const { added } = await main.ok('addMembers', { shortlistId: a.id, profiles: profiles(30) })
  await main.ok('addMembers', { shortlistId: b.id, profiles: profiles(12, 3) })
  await main.ok('updateMember', {
    memberId: added[2]!,
    patch: { notes: 'Ünïcode “notes”\nline two', tags: ['a', 'b'], stage: 'Reference check', rating: 3 }
  })
  return { a, b }
}

describe('backup and restore through the router', () => {
  it('backs up every shortlist to the chosen file and restores it losslessly into another data folder', async () => {
    const out = tempDir('td-backup-out-')
    const file = path.join(out, 'backup.json')
    const source = await start({ fileDialogs: new ScriptedDialogs().answer(file) })
    await seed(source)
    const backup = await source.ok('backupShortlists', {})
    expect(backup).toMatchObject({ cancelled: false, target: { kind: 'file', path: file }, shortlists: 2, members: 42 })
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({
      format: 'talent-desk/shortlists-backup',
      version: 2
    })

    const target = await start()
    const summary = await target.ok('restoreShortlists', { json: fs.readFileSync(file, 'utf8') })
    expect(summary.members).toBe(42)
    expect(summary.shortlists.map((s) => [s.name, s.members, s.renamed]).sort()).toEqual([
      ['Backend', 30, false],
      ['Désign — Kraków', 12, false]
    ])
    expect(summary.stagesAdded).toEqual(['Reference check'])
    expect(await snapshot(target)).toEqual(await snapshot(source))
    // Nothing of the temporary copy stays behind.
    // Restore reads the text itself: no temporary copy of the backup is written anywhere.
    expect(fs.existsSync(path.join(target.dataDir, 'tmp'))).toBe(false)
  })

  it('restores into the same folder as new shortlists named “(restored)”, never overwriting', async () => {
    const out = tempDir('td-backup-out-')
    const file = path.join(out, 'b.json')
    const main = await start({ fileDialogs: new ScriptedDialogs().answer(file) })
    await seed(main)
    await main.ok('backupShortlists', {})
    const summary = await main.ok('restoreShortlists', { json: fs.readFileSync(file, 'utf8') })
    expect(summary.shortlists.every((s) => s.renamed)).toBe(true)
    expect((await main.ok('listShortlists', {})).map((s) => s.name).sort()).toEqual([
      'Backend',
      'Backend (restored)',
      'Désign — Kraków',
      'Désign — Kraków (restored)'
    ])
  })

  it('refuses a bad or foreign file with the reasons, and changes nothing', async () => {
    const out = tempDir('td-backup-out-')
    const file = path.join(out, 'good.json')
    const main = await start({ fileDialogs: new ScriptedDialogs().answer(file) })
    await seed(main)
    await main.ok('backupShortlists', {})
    const before = await snapshot(main)

    const notJson = await main.fail('restoreShortlists', { json: 'name,title\nAna,CTO\n' })
    expect(notJson).toMatchObject({
      code: 'invalid_input',
      details: { storeCode: 'backup_invalid', reason: { reason: 'not_json' } }
    })
    const foreign = await main.fail('restoreShortlists', { json: JSON.stringify({ shortlists: [{ name: 'x' }] }) })
    expect(foreign).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('not a Talent Desk backup')
    })
    const newer = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>
    expect(await main.fail('restoreShortlists', { json: JSON.stringify({ ...newer, version: 99 }) })).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('newer version')
    })

    // Damage the very last member: the first shortlist is valid, yet nothing may be restored.
    const damaged = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      shortlists: Array<{ members: Array<Record<string, unknown>> }>
    }
    damaged.shortlists.at(-1)!.members.at(-1)!.rating = 9
    const refused = await main.fail('restoreShortlists', { json: JSON.stringify(damaged) })
    expect(refused.code).toBe('invalid_input')
    expect(JSON.stringify(refused.details)).toContain('rating')

    expect(await snapshot(main)).toEqual(before)
    expect(fs.existsSync(path.join(main.dataDir, 'tmp'))).toBe(false)
  })
})
