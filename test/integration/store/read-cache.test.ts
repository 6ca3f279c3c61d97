import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { storeFilePath, type Store } from '../../../electron/main/store'
import { openTestStore, removeDir, tempDir } from './helpers'

// The active connection and the connection list are kept between reads (they are read on every
// API call); these show a kept value never outlives a change, whoever made it.
describe('kept reads of settings and connections', () => {
  let dir: string
  let store: Store

  beforeEach(() => {
    dir = tempDir()
    store = openTestStore(dir).store
  })
  afterEach(() => {
    store.database.close()
    removeDir(dir)
  })

  it('sees its own writes at once', () => {
    expect(store.settings.get('activeConnectionId')).toBeNull()
    store.settings.set('activeConnectionId', 'a')
    expect(store.settings.get('activeConnectionId')).toBe('a')
    store.settings.delete('activeConnectionId')
    expect(store.settings.get('activeConnectionId')).toBeNull()

    expect(store.connections.list()).toEqual([])
    const saved = store.connections.save({ name: 'Remote', kind: 'remote', baseUrl: 'https://api.example' })
    expect(store.connections.list().map((c) => c.name)).toEqual(['Remote'])
    store.connections.save({ id: saved.id, name: 'Renamed', kind: 'remote', baseUrl: 'https://api.example' })
    expect(store.connections.list().map((c) => c.name)).toEqual(['Renamed'])
    store.connections.delete(saved.id)
    expect(store.connections.list()).toEqual([])
  })

  it('sees what another connection to the same file committed (another process, a worker)', () => {
    store.settings.set('activeConnectionId', 'a')
    expect(store.connections.list()).toEqual([])
    expect(store.settings.get('activeConnectionId')).toBe('a')

    const other = new Database(storeFilePath(dir))
    try {
      other.prepare("UPDATE settings SET value = 'b' WHERE key = 'activeConnectionId'").run()
      other
        .prepare(
          `INSERT INTO connections (id, name, kind, base_url, query_names, created_at, updated_at)
             VALUES ('x', 'From elsewhere', 'remote', 'https://elsewhere.example', '{}', 'now', 'now')`
        )
        .run()
    } finally {
      other.close()
    }
    expect(store.settings.get('activeConnectionId')).toBe('b')
    expect(store.connections.list().map((c) => c.name)).toEqual(['From elsewhere'])
  })

  it('keeps nothing read inside a transaction that was rolled back', () => {
    store.settings.set('activeConnectionId', 'a')
    expect(() =>
      store.transaction(() => {
        store.settings.set('activeConnectionId', 'b')
        expect(store.settings.get('activeConnectionId')).toBe('b')
        store.connections.save({ name: 'Doomed', kind: 'remote', baseUrl: 'https://api.example' })
        expect(store.connections.list()).toHaveLength(1)
        throw new Error('rolled back')
      })
    ).toThrow('rolled back')
    expect(store.settings.get('activeConnectionId')).toBe('a')
    expect(store.connections.list()).toEqual([])
  })

  it('hands out kept connections frozen, so no caller can change what the next one reads', () => {
    store.connections.save({ name: 'Remote', kind: 'remote', baseUrl: 'https://api.example' })
    const [connection] = store.connections.list()
    expect(Object.isFrozen(connection)).toBe(true)
    expect(Object.isFrozen(connection!.queryNames)).toBe(true)
    expect(() => {
      ;(connection as { name: string }).name = 'changed'
    }).toThrow(TypeError)
    expect(store.connections.list()[0]!.name).toBe('Remote')
  })
})
