import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { walkBackup } from '../../../electron/main/export/backup-walk'
import { inspectBackup } from '../../../electron/main/export/backup-inspect'
import { backupTextOf } from '../../integration/store/fixtures/backup-text'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-backup-walk-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** What a walk hands over, in order: members as [shortlist, record], shortlists as [index, record]. */
function walked(source: { text: string } | { file: string }) {
  const seen: Array<['member' | 'shortlist', number, unknown]> = []
  const { root, repeated } = walkBackup(source, {
    member: (shortlist, raw) => seen.push(['member', shortlist, raw]),
    shortlist: (index, raw) => seen.push(['shortlist', index, raw])
  })
  return { root, repeated, seen }
}

describe('walking a backup a record at a time', () => {
  it('hands over each member, then its shortlist without them, and keeps none in the frame', () => {
    const text = JSON.stringify({
      format: 'f',
      shortlists: [
        { id: 'a', members: [{ k: 1 }, { k: 2 }], name: 'A' },
        { members: [], id: 'b' }
      ]
    })
    const { root, seen } = walked({ text })
    expect(seen).toEqual([
      ['member', 0, { k: 1 }],
      ['member', 0, { k: 2 }],
      ['shortlist', 0, { id: 'a', members: [], name: 'A' }],
      ['shortlist', 1, { members: [], id: 'b' }]
    ])
    expect(root).toEqual({ format: 'f', shortlists: [] })
  })

  it('reads a file whose characters straddle its pieces exactly as JSON.parse reads it', () => {
    // 2,000 people whose notes are four-byte emoji and two-byte letters: past 2 MB, so pieces cut
    // characters in half somewhere
    const people = Array.from({ length: 2_000 }, (_, i) => ({ key: `p-${i}`, full_name: `Åsa ${i}` }))
    const text = backupTextOf(people, (i) => ({ notes: `${'👩‍💻Ødegård'.repeat(40)} ${i}`, tags: ['ß'] }))
    const file = path.join(dir, 'wide.json')
    fs.writeFileSync(file, `\uFEFF${text}`)
    expect(fs.statSync(file).size).toBeGreaterThan(2 * (1 << 20))
    const expected = JSON.parse(text) as { shortlists: Array<{ members: unknown[] }> }
    const { seen } = walked({ file })
    const members = seen.filter(([kind]) => kind === 'member').map(([, , raw]) => raw)
    expect(members).toEqual(expected.shortlists[0]!.members)
  })

  it('refuses text that is not JSON, cut short, or followed by more', () => {
    for (const text of ['', '   ', '{"format":', '{"a":1} {}', '{"a":1}x', 'nul']) {
      expect(() => walked({ text }), JSON.stringify(text)).toThrow(/not JSON/)
    }
    expect(walked({ text: '{"a":1}\n' }).root).toEqual({ a: 1 })
  })

  it('says when a list of shortlists or of people appears twice (JSON.parse would keep the last; a walk cannot)', () => {
    const a = '{"id":"a","members":[{"k":1}]}'
    const texts = [
      `{"shortlists":[${a},{"id":"b","members":[]}],"shortlists":[{"id":"c","members":[]}]}`,
      `{"shortlists":[${a}],"shortlists":[{"id":"b","members":[]}]}`,
      `{"shortlists":[${a}],"shortlists":[]}`,
      `{"shortlists":[],"shortlists":[${a}]}`,
      '{"shortlists":[{"members":[{"k":1}],"members":[{"k":2}]}]}',
      '{"shortlists":[{"members":[{"k":1}],"members":[]}]}'
    ]
    for (const text of texts) {
      const { repeated, seen } = walked({ text })
      expect(repeated, text).toBe(true)
      // nothing of the second list is handed over
      expect(seen.filter(([kind]) => kind === 'member').length, text).toBeLessThanOrEqual(1)
    }
    expect(walked({ text: `{"shortlists":[${a},${a}]}` }).repeated).toBe(false)
    // a backup with one refused as damaged (after it is known to be ours), a foreign file as foreign
    const ours = JSON.parse(backupTextOf([{ key: 'p-1', full_name: 'One' }])) as Record<string, unknown>
    const twice = JSON.stringify(ours).replace(/\}$/, ',"shortlists":[]}')
    expect(() => inspectBackup({ text: twice })).toThrow(/damaged/)
    expect(() => inspectBackup({ text: twice.replace('talent-desk/shortlists-backup', 'other') })).toThrow(
      /not a Talent Desk backup/
    )
  })

  it('makes lone surrogates well-formed everywhere, nested as deep as a hostile file goes', () => {
    const deep = `${'['.repeat(50_000)}"\\ud800"${']'.repeat(50_000)}`
    const { root } = walked({ text: `{"shortlists":[],"x":"a\\udfff","deep":${deep}}` })
    const value = root as { x: string; deep: unknown }
    expect(value.x).toBe('a\uFFFD')
    let inner: unknown = value.deep
    while (Array.isArray(inner)) inner = inner[0]
    expect(inner).toBe('\uFFFD')
  })

  it('plans from a file without holding its people: counts, stages, problems by name', () => {
    const people = Array.from({ length: 3 }, (_, i) => ({ key: `p-${i}`, full_name: `Person ${i}` }))
    const text = backupTextOf(people, (i) => ({
      stage: i === 0 ? 'Phone screen' : 'New',
      ...(i === 2 ? { addedAt: 'yesterday' } : {}),
      ...(i === 1 ? { removedAt: '2026-03-03T10:00:00.000Z' } : {})
    }))
    const file = path.join(dir, 'plan.json')
    fs.writeFileSync(file, text)
    const plan = inspectBackup({ file })
    expect(plan.counts).toEqual({
      shortlists: 1,
      members: 1,
      recentlyDeleted: { shortlists: 0, members: 1 },
      forgotten: 0
    })
    expect(plan.people).toBe(2)
    expect(plan.memberStages).toEqual(['Phone screen', 'New'])
    expect(plan.problems).toEqual([
      { shortlist: 'Everyone', person: 'Person 2', reason: expect.stringContaining('addedAt') }
    ])
    expect([...plan.shortlists.values()].map((head) => head.name)).toEqual(['Everyone'])
  })
})
