import path from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { entryHash } from '../../../electron/main/do-not-contact/person-hashes'
import { saltOf } from '../../../electron/main/personal-data/tombstones'
import { openDatabase, STORE_FILE_NAME } from '../../../electron/main/store/database'
import { migrations } from '../../../electron/main/store/migrations'
import { tempDir, useMains } from '../services/helpers'

/*
 * A store of the version before the list kept its hashes as bytes (26: 64 characters of hex), its
 * entries written as that version wrote them (by hand, from a shown import, and an import a close
 * cut short), opened by this version: migration 28 converts each hash, keeps every entry's id, value
 * and note, the count and what is hidden, and the list checks, adds, pages and removes as before.
 */

const start = useMains()

describe('a do-not-contact list of the previous version', () => {
  it('keeps its entries, their ids and count, and checks people against them with the hashes as bytes', async () => {
    const dataDir = tempDir()
    const file = path.join(dataDir, STORE_FILE_NAME)
    const old = openDatabase({ path: file, migrations: migrations.slice(0, 26) })
    const db = old.db
    const ids: Record<string, number> = {}
    db.transaction(() => {
      const salt = saltOf(db)
      const add = db.prepare(
        'INSERT INTO do_not_contact (kind, hash, value, note, added_at, import_id) VALUES (?, ?, ?, ?, ?, ?)'
      )
      const entry = (
        kind: 'email' | 'domain' | 'handle' | 'key',
        value: string,
        text: string,
        importId: number | null
      ) =>
        Number(
          add.run(kind, entryHash(salt, kind, value), text, 'old note', '2026-01-02T03:04:05.000Z', importId)
            .lastInsertRowid
        )
      ids.ana = entry('email', 'ana@old.example', 'Ana@Old.example', null)
      const shown = Number(
        db.prepare('INSERT INTO do_not_contact_imports (ready, added) VALUES (1, 2)').run().lastInsertRowid
      )
      ids.rival = entry('domain', 'rival.example', '@rival.example', shown)
      ids.bruno = entry('handle', 'bruno-7', 'https://profilenet.example/in/bruno-7', shown)
      db.prepare('UPDATE do_not_contact_count SET entries = entries + 2 WHERE id = 1').run()
      const hidden = Number(
        db.prepare('INSERT INTO do_not_contact_imports (ready, added) VALUES (0, 0)').run().lastInsertRowid
      )
      ids.cut = entry('key', 'p-cut-short', 'p-cut-short', hidden)
    })()
    expect(db.prepare('SELECT entries FROM do_not_contact_count').pluck().get()).toBe(3)
    old.close()

    const main = await start({ dataDir })
    const list = await main.ok('listDoNotContact', {})
    expect(list.total).toBe(3)
    expect(list.entries.map((entry) => [entry.id, entry.value, entry.note])).toEqual([
      [ids.bruno, 'https://profilenet.example/in/bruno-7', 'old note'],
      [ids.rival, '@rival.example', 'old note'],
      [ids.ana, 'Ana@Old.example', 'old note']
    ])
    const look = new Database(file, { readonly: true })
    try {
      expect(look.prepare('SELECT DISTINCT typeof(hash) || length(hash) FROM do_not_contact').pluck().all()).toEqual([
        'blob32'
      ])
    } finally {
      look.close()
    }

    const { suppressed } = await main.ok('checkDoNotContact', {
      people: [
        { key: 'p-1', emails: ['ANA@old.example'] },
        { key: 'p-2', emails: ['cfo@rival.example'], handles: ['https://profilenet.example/in/Bruno-7'] },
        { key: 'p-cut-short' },
        { key: 'p-4', emails: ['someone@elsewhere.example'] }
      ]
    })
    expect(suppressed).toEqual([
      { index: 0, reasons: [{ why: 'listed', kind: 'email', entryId: ids.ana }] },
      {
        index: 1,
        reasons: [
          { why: 'listed', kind: 'domain', entryId: ids.rival },
          { why: 'listed', kind: 'handle', entryId: ids.bruno }
        ]
      }
    ])

    // the same value typed again is the entry it was; a new one is added and counted; one removed
    expect(await main.ok('addDoNotContact', { kind: 'email', value: 'ana@OLD.example' })).toEqual({
      added: false,
      entry: list.entries[2]
    })
    expect((await main.ok('addDoNotContact', { kind: 'key', value: 'p-new' })).added).toBe(true)
    expect(await main.ok('removeDoNotContact', { id: ids.rival! })).toEqual({ removed: true })
    expect((await main.ok('listDoNotContact', {})).total).toBe(3)
    const after = await main.ok('checkDoNotContact', { people: [{ key: 'p-new', emails: ['x@rival.example'] }] })
    expect(after.suppressed).toEqual([
      { index: 0, reasons: [{ why: 'listed', kind: 'key', entryId: expect.any(Number) }] }
    ])
  })
})
